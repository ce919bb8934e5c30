/**
 * Regex captures that hold their types (issue 38.4): a match's first `count` groups as
 * strings once each is seen to have taken part, or undefined when there was no match or a
 * group did not take part, so a caller guards once instead of asserting each group.
 */
type Strings<N extends number, T extends string[] = []> = T['length'] extends N ? T : Strings<N, [...T, string]>

const tookPart = <N extends number>(groups: (string | undefined)[], count: N): groups is Strings<N> =>
  groups.length === count && groups.every((group) => group !== undefined)

export function captures<N extends number>(match: RegExpMatchArray | null | undefined, count: N): Strings<N> | undefined {
  if (!match) return undefined
  const groups = Array.from({ length: count }, (_, index) => match[index + 1])
  return tookPart(groups, count) ? groups : undefined
}

/** The first group that took part, for a pattern whose alternatives each capture once. */
export function firstCapture(match: RegExpMatchArray | null | undefined): string | undefined {
  return match ? Array.from({ length: match.length - 1 }, (_, index) => match[index + 1]).find((group) => group !== undefined) : undefined
}
