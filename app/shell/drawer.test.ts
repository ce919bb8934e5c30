import { describe, expect, it } from 'vitest'
import { isSidebarShortcut, swipeCloses } from './drawer'

describe('swipeCloses', () => {
  it('closes on a long left swipe whatever its speed', () => {
    expect(swipeCloses(-121, 2000)).toBe(true)
    expect(swipeCloses(-120, 2000)).toBe(false)
  })
  it('closes on a short fast left swipe', () => {
    expect(swipeCloses(-31, 150)).toBe(true)
    expect(swipeCloses(-31, 800)).toBe(false)
    expect(swipeCloses(-30, 100)).toBe(false)
  })
  it('never closes on a right swipe', () => {
    expect(swipeCloses(200, 100)).toBe(false)
  })
})

describe('isSidebarShortcut', () => {
  const key = (target: unknown, ctrlKey = true) => isSidebarShortcut({ key: 'b', ctrlKey, metaKey: false, altKey: false, target: target as EventTarget })
  it('fires for Ctrl+B outside text fields', () => {
    expect(key({ tagName: 'BODY' })).toBe(true)
    expect(key({ tagName: 'BUTTON' })).toBe(true)
  })
  it('stays quiet in text fields or without Ctrl', () => {
    expect(key({ tagName: 'INPUT' })).toBe(false)
    expect(key({ tagName: 'TEXTAREA' })).toBe(false)
    expect(key({ tagName: 'DIV', isContentEditable: true })).toBe(false)
    expect(key({ tagName: 'BODY' }, false)).toBe(false)
  })
})
