/** Where a signed-out visitor is sent, remembering where they wanted to go. */
export function signInUrl(request: Request) {
  const url = new URL(request.url)
  const target = `${url.pathname}${url.search}`
  return target === '/' ? '/signin' : `/signin?${new URLSearchParams({ redirect: target })}`
}

/** /onboarding, keeping any prompt parameter (spec 1 §2.2). */
export function onboardingUrl(request: Request) {
  const prompt = new URL(request.url).searchParams.get('prompt')
  return prompt ? `/onboarding?${new URLSearchParams({ prompt })}` : '/onboarding'
}

/** Only same-site paths are honoured as a redirect target. */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = '/explore') {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback
  }
  return target
}
