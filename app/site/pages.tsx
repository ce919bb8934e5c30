import type { ComponentType } from 'react'
import { PRODUCT_NAME } from '~/lib/constants'
import { AboutPage } from './content/about'
import { BlogPage } from './content/blog'
import { FaqPage } from './content/faq'
import { PrivacyPage } from './content/privacy'
import { TermsPage } from './content/terms'

type PageProps = { inSettings: boolean; contactHref: string }

/** The static pages, each shown at /{slug} to visitors and /settings/{slug} to users. */
export const STATIC_PAGES: Record<string, { title: string; Component: ComponentType<PageProps> }> = {
  about: { title: 'About Us', Component: AboutPage },
  blog: { title: 'Blog', Component: BlogPage },
  faq: { title: 'FAQ', Component: FaqPage },
  privacy: { title: 'Privacy Policy', Component: PrivacyPage },
  terms: { title: 'Terms of Service', Component: TermsPage },
}

export function staticPageSlug(pathname: string) {
  return pathname
    .replace(/^\/settings/, '')
    .replace(/^\//, '')
    .replace(/\/$/, '')
}

export const pageTitle = (title: string) => `${title} · ${PRODUCT_NAME}`
