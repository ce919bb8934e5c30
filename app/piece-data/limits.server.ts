import type { Env } from '~/lib/env.server'
import { getEnv } from '~/lib/env.server'

/** The per-Piece limits of a Piece's data, from the configuration (README: PIECE_DATA_*). */
export function dataLimitsOf(env: Env = getEnv()) {
  return { quotaBytes: Math.round(env.PIECE_DATA_QUOTA_MB * 1024 * 1024), maxRecords: env.PIECE_DATA_MAX_RECORDS }
}
