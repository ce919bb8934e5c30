import type { MetaDescriptor } from '@remix-run/node'
import { PRODUCT_NAME } from './constants'

/**
 * Open Graph and Twitter card tags (issue 12.4), so a shared link unfurls with a title, a
 * description and, when there is one, a picture. `url` and `image` are absolute.
 */
export function linkPreview({ title, description, url, image }: { title: string; description: string; url: string; image?: string | null }): MetaDescriptor[] {
  return [
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: PRODUCT_NAME },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image
      ? [
          { property: 'og:image', content: image },
          { property: 'og:image:width', content: '1280' },
          { property: 'og:image:height', content: '800' },
        ]
      : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
  ]
}
