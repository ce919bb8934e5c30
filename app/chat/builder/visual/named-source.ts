import { elementWords, type ElementFacts } from '~/lib/element-words'

type Naming = (facts: ElementFacts) => string

/**
 * The source of a script that runs in the preview (the visual editor's picker, the check
 * recorder): `run` called with `args` and, last, the shared naming of elements, sent as its
 * own source text, so what the preview names an element is what the panel, the versions
 * and the steps call it (issue 37.9).
 */
export function namedSource<Args extends unknown[]>(run: (...args: [...Args, Naming]) => void, args: Args) {
  // As enhancementSource writes it (`<` escaped, so no argument can end the script element), with the naming after the arguments.
  return `(${run.toString()})(...${JSON.stringify(args).replace(/</g, '\\u003c')}, ${elementWords.toString()})`
}
