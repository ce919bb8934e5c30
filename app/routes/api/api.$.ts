import { apiError } from '~/lib/api.server'
import { NOT_FOUND_MESSAGE } from '~/lib/messages'

/** Any /api path without an endpoint. */
export const loader = () => apiError(404, NOT_FOUND_MESSAGE)
export const action = () => apiError(404, NOT_FOUND_MESSAGE)
