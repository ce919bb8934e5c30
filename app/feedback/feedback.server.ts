import { sql } from '~/lib/db.server'
import { onlyRow } from '~/lib/rows'

export async function saveFeedback(userId: number, content: string): Promise<{ id: number }> {
  return onlyRow(await sql<{ id: number }[]>`insert into feedback (user_id, content) values (${userId}, ${content}) returning id::int as id`)
}

export type FeedbackEntry = { id: number; createdAt: string; email: string; username: string | null; content: string }

/** The newest feedback first, for `npm run feedback`. */
export async function listFeedback(limit = 50): Promise<FeedbackEntry[]> {
  return sql<FeedbackEntry[]>`
    select f.id::int as id, f.created_at as "createdAt", u.email, u.username, f.content
    from feedback f join users u on u.id = f.user_id
    order by f.created_at desc, f.id desc limit ${limit}`
}
