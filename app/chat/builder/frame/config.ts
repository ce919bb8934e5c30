/**
 * What a script in the preview is told when it starts: the JSON the page wrote just before it
 * (`frameDocument`, app/chat/builder/frame-document.ts), read once as the script runs.
 */
export function frameConfig<Config>(name: string): Config {
  const element = document.querySelector(`script[type="application/json"][data-pieces-config="${name}"]`)
  if (!element) throw new Error(`The preview has no settings for its ${name} script`)
  return JSON.parse(element.textContent || 'null') as Config
}
