import type { ComponentType } from 'react'
import { PRODUCT_NAME } from '~/lib/constants'
import { AboutPage } from './content/about'
import { BlogPage } from './content/blog'
import { FaqPage } from './content/faq'
import { PrivacyPage } from './content/privacy'
import { TermsPage } from './content/terms'

type PageProps = { inSettings: boolean; contactHref: string }

/** The static pages, each shown at /{slug} to visitors and /settings/{slug} to users. */
export const STATIC_PAGES: Record<string, { title: string; description: string; Component: ComponentType<PageProps> }> = {
  about: {
    title: 'About Us',
    description: `Who makes ${PRODUCT_NAME}, an assistant that builds small web apps from a description, and what we promise the people who use it.`,
    Component: AboutPage,
  },
  blog: { title: 'Blog', description: `News from ${PRODUCT_NAME}: the rebrand, undo and redo in the chat, and the PLUS plan.`, Component: BlogPage },
  faq: {
    title: 'FAQ',
    description: `Answers to common questions about ${PRODUCT_NAME}: how creating a Piece works, what tokens are, and what the free and PLUS plans include.`,
    Component: FaqPage,
  },
  privacy: {
    title: 'Privacy Policy',
    description: `What ${PRODUCT_NAME} collects about you, why, how long it is kept, and how to have it deleted.`,
    Component: PrivacyPage,
  },
  terms: {
    title: 'Terms of Service',
    description: `The terms for using ${PRODUCT_NAME}: your account, the Pieces you own, acceptable use, plans and billing.`,
    Component: TermsPage,
  },
}

export function staticPageSlug(pathname: string) {
  return pathname
    .replace(/^\/settings/, '')
    .replace(/^\//, '')
    .replace(/\/$/, '')
}

export const pageTitle = (title: string) => `${title} · ${PRODUCT_NAME}`

/** What each page that is not a static page says about itself to search engines and link previews. */
export const PAGE_DESCRIPTIONS = {
  landing: 'Set a goal, get backed by supporters, and release your work free for everyone.',
  signin: `Sign in to ${PRODUCT_NAME} to build small web apps by describing them, refine them in a chat and share them.`,
  signup: `Create a free ${PRODUCT_NAME} account: describe an app, watch it being built, refine it in a chat and share it at its own address.`,
  contact: `Send the ${PRODUCT_NAME} team a question, a problem or an idea; we answer by email.`,
  explore: `Public Pieces made by the ${PRODUCT_NAME} community, newest first.`,
} as const

/** A page's title and its description, the pair every page's `meta` starts with. */
export const describedPage = (title: string, description: string) => [{ title: pageTitle(title) }, { name: 'description', content: description }]
