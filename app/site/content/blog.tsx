import { PRODUCT_NAME } from '~/lib/constants'
import { StaticPage } from '../static-page'

const POSTS = [
  {
    date: 'March 3, 2025',
    title: `${PRODUCT_NAME}, rebranded: create anything you can describe`,
    body: [
      `We started ${PRODUCT_NAME} to help creators fund their work with crowdfunding-style contracts. Along the way we built an assistant that writes small web apps from a plain description, and it quickly became the part everyone wanted.`,
      `So we rebranded. ${PRODUCT_NAME} now lets you create anything you can describe: describe an app, watch it appear, refine it in a chat, and share it at its own address. Every Piece you made before keeps working at the same address.`,
    ],
  },
  {
    date: 'February 10, 2025',
    title: 'Undo, redo, and a preview you can trust',
    body: [
      'Every change the assistant makes is now a step in your history. Step back to compare, step forward again, or send a new request from any point.',
      'Nothing is saved into your Piece until you accept it, so experimenting costs nothing but a few tokens.',
    ],
  },
  {
    date: 'January 20, 2025',
    title: 'Introducing PLUS',
    body: [
      'PLUS raises the daily token limit to ten million, unlocks the premium models, private and members-only Pieces, and removes our badge from your public Pieces.',
      'If you need even more, usage-based pricing lets you keep building past the daily limit within a monthly budget you set.',
    ],
  },
]

export function BlogPage({ inSettings = false }: { inSettings?: boolean }) {
  return (
    <StaticPage title="Blog" inSettings={inSettings}>
      <div className="space-y-10">
        {POSTS.map((post) => (
          <article key={post.title} className="border-b border-zinc-200 pb-8 last:border-0 dark:border-zinc-800">
            <h2 className="!mt-0">{post.title}</h2>
            <p className="!my-1 text-sm !text-zinc-600 dark:!text-zinc-400">
              <time>{post.date}</time>
            </p>
            {post.body.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </article>
        ))}
      </div>
    </StaticPage>
  )
}
