import { sql } from '~/lib/db.server'

export async function isUsernameTaken(username: string, exceptUserId?: number) {
  const rows = await sql`select 1 from users where username = ${username} and id <> ${exceptUserId ?? 0}`
  return rows.length > 0
}

/** Sets the username; false when someone else holds it (also under a race). */
export async function setUsername(userId: number, username: string) {
  try {
    await sql`update users set username = ${username}, updated_at = now() where id = ${userId}`
    return true
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return false
    throw error
  }
}
