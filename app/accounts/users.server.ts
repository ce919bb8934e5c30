import { isUniqueViolation, sql } from '~/lib/db.server'

export type AccountUser = {
  id: number
  uid: string
  email: string
  username: string | null
  isAdmin: boolean
  darkMode: boolean
  showTokenUsage: boolean
  selectedModel: string
}

/** The columns every "who is this" query returns, from `users u`. */
export const USER_COLUMNS = sql`
  u.id::int as id, u.uid, u.email, u.username, u.is_admin as "isAdmin", u.dark_mode as "darkMode",
  u.show_token_usage as "showTokenUsage", u.selected_model as "selectedModel"`

export async function getUserById(id: number): Promise<AccountUser | null> {
  const [user] = await sql<AccountUser[]>`select ${USER_COLUMNS} from users u where u.id = ${id}`
  return user ?? null
}

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
    if (isUniqueViolation(error)) return false
    throw error
  }
}

export async function findUserIdByEmail(email: string): Promise<number | null> {
  const [row] = await sql<{ id: number }[]>`select id::int as id from users where lower(email) = lower(${email.trim()})`
  return row?.id ?? null
}

export async function setAdmin(userId: number, isAdmin: boolean) {
  await sql`update users set is_admin = ${isAdmin}, updated_at = now() where id = ${userId}`
}
