import { describe, expect, it } from 'vitest'
import { titleForPath } from './titles'

describe('titleForPath', () => {
  it.each([
    ['/contact', 'Contact'],
    ['/explore', 'Explore'],
    ['/settings', 'Settings'],
    ['/settings/', 'Settings'],
    ['/settings/about', 'About Us'],
    ['/settings/blog', 'Blog'],
    ['/settings/contact', 'Contact Us'],
    ['/settings/faq', 'FAQ'],
    ['/settings/privacy', 'Privacy Policy'],
    ['/settings/terms', 'Terms'],
    ['/settings/usage', 'Token Usage'],
    ['/@someone', 'Page Not Found'],
    ['/a/b/c', 'Page Not Found'],
    ['/pieces/counter/data', 'Data of counter'],
    ['/counter/remix', 'Remix counter'],
    ['/counter/compare', 'Compare with the original'],
    ['/counter/other', 'Page Not Found'],
  ])('%s → %s', (path, title) => {
    expect(titleForPath(path)).toBe(title)
  })

  it('shows the Piece name on Piece paths', () => {
    expect(titleForPath('/pieces/timer', 'timer')).toBe('timer')
    expect(titleForPath('/pieces', 'todo')).toBe('todo')
    expect(titleForPath('/my_piece', 'my_piece')).toBe('my_piece')
  })

  it('says Page Not Found when a single segment has no Piece', () => {
    expect(titleForPath('/missing')).toBe('Page Not Found')
  })
})
