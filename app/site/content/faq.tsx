import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { BUDGET_PRESETS, FREE_DAILY_TOKEN_LIMIT, PLUS_DAILY_TOKEN_LIMIT, PRODUCT_NAME } from '~/lib/constants'
import { StaticPage } from '../static-page'

const number = (value: number) => value.toLocaleString('en-US')

const QUESTIONS: { question: string; answer: ReactNode }[] = [
  {
    question: `What is ${PRODUCT_NAME}?`,
    answer: `${PRODUCT_NAME} builds small web apps from a description. Each app is a Piece: you refine it by chatting with the assistant and share it publicly at its own address.`,
  },
  {
    question: `Why did ${PRODUCT_NAME} rebrand?`,
    answer: `${PRODUCT_NAME} began as a crowdfunding product for creators. The app builder we made along the way became what people used most, so we refocused on it: create anything you can describe.`,
  },
  {
    question: 'How does creating a Piece work?',
    answer:
      'Name a new Piece, describe what you want, and send. The assistant plans the work, builds it step by step, and shows the result live in a preview. Ask for changes, undo or redo steps, and accept the result when you are happy with it.',
  },
  {
    question: 'What happened to my existing Pieces?',
    answer: 'Nothing changed for them: every Piece made before the rebrand keeps working at the same address, and you can keep editing it in the chat.',
  },
  {
    question: 'What are tokens?',
    answer: `Tokens measure the work the AI does: roughly, every few characters it reads or writes count as one token. The free plan includes ${number(FREE_DAILY_TOKEN_LIMIT)} tokens a day; allowances reset daily at 12am ET.`,
  },
  {
    question: 'What is the difference between free and PLUS?',
    answer: `Free gives you a daily token allowance and the basic model. PLUS raises the daily limit to ${number(PLUS_DAILY_TOKEN_LIMIT)} tokens, unlocks the premium models, unlimited, private and members-only Pieces, removes the ${PRODUCT_NAME} badge from your public Pieces, adds priority support, and offers optional usage-based pricing.`,
  },
  {
    question: 'What happens when I hit my token limit?',
    answer: `On the free plan you can upgrade to PLUS or turn on usage-based pricing. On PLUS, usage-based pricing lets you keep going within a monthly budget you choose ($${BUDGET_PRESETS.join(', $')} or your own amount); when you reach that budget you can raise it. Otherwise your allowance returns at 12am ET.`,
  },
]

export function FaqPage({ inSettings = false, contactHref }: { inSettings?: boolean; contactHref: string }) {
  return (
    <StaticPage title="FAQ" inSettings={inSettings}>
      <div className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {QUESTIONS.map(({ question, answer }) => (
          <details key={question} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium [&::-webkit-details-marker]:hidden">
              {question}
              <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5 shrink-0 text-zinc-400 transition-transform group-open:rotate-180">
                <path fill="currentColor" d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
              </svg>
            </summary>
            <p className="!mb-0">{answer}</p>
          </details>
        ))}
      </div>
      <p className="mt-8">
        Still have a question? <Link to={contactHref}>Contact us</Link>
      </p>
    </StaticPage>
  )
}
