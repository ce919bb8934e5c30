import { expect, test } from 'vitest'
import { enhancementSource } from './enhancement'

test("an enhancement's source calls its function with its arguments, and no argument can end the script element", () => {
  const greet = (name: string, times: number) => void [name, times]
  const args: [string, number] = ['</script><script>alert(1)</script>', 2]
  const source = enhancementSource(greet, args)
  expect(source).not.toContain('</script')
  expect(source.startsWith(`(${greet.toString()})(...`)).toBe(true)
  expect(JSON.parse(source.slice(`(${greet.toString()})(...`.length, -1))).toEqual(args)
})
