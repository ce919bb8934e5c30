import { privateRoute } from '~/accounts/api-auth.server'
import { AuthMessages, UsernameSchema } from '~/accounts/schema'
import { isUsernameTaken, setUsername } from '~/accounts/users.server'
import { ApiFailure, apiJson, readJson, rejectGet, requireMethod } from '~/lib/api.server'

export const loader = rejectGet

/** Spec 1 §7 call 14: the username rules in order, then availability. */
export const action = privateRoute(async ({ user }, { request }) => {
  requireMethod(request, 'PATCH')
  const { username } = await readJson(request, UsernameSchema)
  if ((await isUsernameTaken(username, user.id)) || !(await setUsername(user.id, username))) {
    throw new ApiFailure(409, AuthMessages.usernameTaken)
  }
  return apiJson({ username })
})
