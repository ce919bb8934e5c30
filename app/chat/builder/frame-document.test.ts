import { describe, expect, it } from 'vitest'
import { recorderDocument } from './checks/recorder-document'
import { frameDocument, SWALLOWED_WHILE_PICKING } from './frame-document'
import { visualDocument } from './visual/visual-document'

/** The settings a document hands the script named `name`, as the script reads them (frame/config.ts). */
function settingsOf(document: string, name: string) {
  const found = new RegExp(`<script type="application/json" data-pieces-ui data-pieces-config="${name}">([^<]*)</script><script data-pieces-ui>`).exec(document)
  return found ? (JSON.parse(found[1]!) as Record<string, unknown>) : null
}

describe('scripts in the preview (issue 38.2)', () => {
  it('puts the settings, then the script, after the doctype and before the Piece', () => {
    const made = frameDocument('<!doctype html><p>Hi</p><script>go()</script>', 'visual', 'start()', { stamp: 'data-x' })
    expect(made).toBe(
      '<!doctype html><script type="application/json" data-pieces-ui data-pieces-config="visual">{"stamp":"data-x"}</script><script data-pieces-ui>start()</script><p>Hi</p><script>go()</script>',
    )
  })

  it('never lets the settings or the script end their element early', () => {
    const made = frameDocument('<p>Hi</p>', 'visual', 'const tag = "</script>"', { text: '</script><script>alert(1)</script>' })
    expect(made.match(/<\/script>/gi)).toHaveLength(2)
    expect(settingsOf(made, 'visual')).toEqual({ text: '</script><script>alert(1)</script>' })
  })

  it('hands the recorder its take and the schema lists as settings, with its bundled module (and the naming inside it)', () => {
    const made = recorderDocument('<!doctype html><h1>Counter</h1>', 7)
    const settings = settingsOf(made, 'recorder')
    expect(settings).toMatchObject({ take: 7, swallowed: [...SWALLOWED_WHILE_PICKING] })
    expect(settings?.roles).toContain('button')
    // The module is bundled (the roles library and the shared naming inside it), not one function's source.
    expect(made).toContain('check:ready')
    expect(made).toContain('the title')
    expect(made).not.toMatch(/function checkRecorder\(/)
    expect(made.endsWith('<h1>Counter</h1>')).toBe(true)
  })

  it('hands the visual picker the stamp and what it keeps from the Piece', () => {
    const made = visualDocument('<!doctype html><h1>Counter</h1>')
    expect(settingsOf(made, 'visual')).toEqual({ stamp: expect.any(String), swallowed: [...SWALLOWED_WHILE_PICKING] })
    expect(made).toContain('visual:ready')
  })
})
