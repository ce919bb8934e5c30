import { buildApp } from '../app/generation/offline'

const TARGET_BYTES = 50 * 1024

/**
 * A real page from the offline builder, its body repeated (sections with their own ids) until
 * the file is 50 KB: the page bench:visual edits and bench:review reviews a turn on.
 * `numbered` gives each section's paragraph its own words, so a patch can target one of them.
 */
export function document50k({ numbered }: { numbered: boolean }) {
  const app = buildApp('a todo list')
  if (!app) throw new Error('the offline builder made no todo list')
  const page = app.code
  const open = page.indexOf('<body>') + '<body>'.length
  const close = page.lastIndexOf('<script>')
  const body = page.slice(open, close)
  let sections = ''
  for (let index = 0; page.length + sections.length < TARGET_BYTES; index += 1) {
    const paragraph = numbered ? `Paragraph ${index} with` : 'Paragraph with'
    sections += `<section class="copy" id="copy-${index}">\n<h2>Section ${index}</h2>\n<p>${paragraph} <b>bold</b> and <a href="#copy-${index}">a link</a>.</p>\n${body}</section>\n`
  }
  return `${page.slice(0, close)}${sections}${page.slice(close)}`
}
