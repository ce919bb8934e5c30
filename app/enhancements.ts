import { sendVisitorsToSignUp } from './chat/visitor-bridge'
import { brokerDataTokens } from './piece-data/data-broker'
import { countCharacters } from './ui/enhance/char-counter'
import { enhanceMoreList } from './ui/enhance/infinite-scroll'
import { keepForm } from './ui/enhance/keep-form'

/**
 * The one script of a page without React (docs/decisions/0040, 0056), bundled into the text
 * the document writes inline (scripts/frame-scripts.ts, `virtual:page-script/enhancements`):
 * every element marked `data-enhance` (by `enhanceAs`, app/ui/enhancement.tsx) gets its
 * enhancement, with the JSON options of its `data-options`. The modules are the ones the
 * pages with React use.
 */
export function enhance(root: ParentNode) {
  for (const element of Array.from(root.querySelectorAll<HTMLElement>('[data-enhance]'))) {
    const options: ReturnType<typeof JSON.parse> = JSON.parse(element.dataset.options ?? '{}')
    const name = element.dataset.enhance
    if (name === 'more-list') enhanceMoreList(element, options)
    else if (name === 'char-counter') countCharacters(element, options)
    else if (name === 'keep-form' && element instanceof HTMLTemplateElement) keepForm(element, options, enhance)
    else if (name === 'visitor-bridge') sendVisitorsToSignUp(options)
    else if (name === 'data-broker') brokerDataTokens(options)
  }
}

enhance(document)
