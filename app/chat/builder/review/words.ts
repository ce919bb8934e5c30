/**
 * Issue 40: the words of a turn's review, in one place (the chat's list, its form without
 * JavaScript, the editor's action and its toasts).
 */
export const ReviewWords = {
  open: 'Review changes',
  apply: 'Apply these changes',
  applied: 'Your choice is the newest version',
  applyFailed: 'Failed to apply the changes',
  loading: 'Reading the changes…',
  onlyNewest: 'Choose changes on the newest turn, when no build is running.',
  noScript: 'The outlines and the live preview need JavaScript.',
  hint: 'Turn a change off to see the page without it; nothing is charged until you ask the assistant again.',
  showInPreview: 'Show in preview',
  redo: 'Redo this change',
  redoLabel: (words: string) => `What to do instead of “${words}”`,
  redoPlaceholder: 'make it blue, not green',
  redoSend: 'Send',
  /** A redo whose change touched no element that is still there: the words say which change. */
  redoInWords: (change: string, words: string) => `About the change “${change}”: ${words}`,
  before: 'Before',
  after: 'After',
  nothing: 'nothing',
  tokens: (count: number) => `≈ ${count.toLocaleString('en-US')} tokens`,
  needs: (words: string) => `needs “${words}”`,
  /** After applying without JavaScript: what went with a change that was left out. */
  alsoLeftOut: (items: { words: string; needs: string }[]) => `Also left out: ${items.map((item) => `“${item.words}” (it needs “${item.needs}”)`).join('; ')}.`,
  kept: (kept: number, total: number) => `Kept ${kept} of ${total} ${total === 1 ? 'change' : 'changes'}`,
  checksWaiting: (off: string) => `With ${off} off: checking…`,
  checksSlow: (off: string) => `With ${off} off: the checks are still running; the result shows here when it is ready.`,
  checksFailed: (off: string) => `With ${off} off: the checks could not be asked for. Try the switch again.`,
  checksNone: (off: string) => `With ${off} off: not checked in a browser (none is available).`,
  checksLoaded: (off: string) => `With ${off} off: verified in a browser`,
  checksProblems: (off: string) => `With ${off} off: the browser check finds problems:`,
  checkFails: (name: string, message: string | null) => `“${name}” fails${message ? `: ${message}` : ''}`,
  checksResult: (off: string, summary: string) => `With ${off} off: ${summary.replace(/^\w/, (letter) => letter.toLowerCase())}`,
  /** "“Removed the footer”", "“A” and “B”", "3 changes" (double quotes: a change's words quote what an element shows in single ones). */
  offNames: (words: string[]) => (words.length <= 2 ? words.map((item) => `“${item}”`).join(' and ') : `${words.length} changes`),
} as const
