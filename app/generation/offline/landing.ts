import { capitalise, nameIn, titleCase, tradeIn } from './details'
import { escapeHtml, type App } from './page'

type Trade = { tagline: string; offer: string; items: [string, string][] }

const TRADES: [RegExp, Trade][] = [
  [
    /bak|patisser|cake/i,
    {
      tagline: 'Fresh bread and cakes, baked every morning.',
      offer: 'Menu',
      items: [
        ['Sourdough loaf', '$6'],
        ['Butter croissant', '$3'],
        ['Cinnamon bun', '$4'],
        ['Celebration cake', 'from $35'],
      ],
    },
  ],
  [
    /caf[eé]|coffee|tea ?room/i,
    {
      tagline: 'Good coffee, slow mornings.',
      offer: 'Menu',
      items: [
        ['Espresso', '$3'],
        ['Flat white', '$4'],
        ['Chai latte', '$4.50'],
        ['Avocado toast', '$9'],
      ],
    },
  ],
  [
    /restaurant|bistro|pizz|diner|kitchen|sushi/i,
    {
      tagline: 'Seasonal food, cooked with care.',
      offer: 'Menu',
      items: [
        ['Starter of the day', '$9'],
        ['House main', '$19'],
        ['Vegetarian main', '$17'],
        ['Dessert', '$8'],
      ],
    },
  ],
  [
    /gym|fitness|yoga|pilates|trainer/i,
    {
      tagline: 'Stronger every week, at your own pace.',
      offer: 'Classes',
      items: [
        ['Strength basics', 'Mon & Thu'],
        ['Yoga flow', 'Tue & Sat'],
        ['HIIT', 'Wed'],
        ['Personal training', 'by appointment'],
      ],
    },
  ],
  [
    /salon|barber|hair|beauty|nail|spa/i,
    {
      tagline: 'Look good, feel better.',
      offer: 'Services',
      items: [
        ['Cut & style', '$45'],
        ['Colour', 'from $80'],
        ['Beard trim', '$20'],
        ['Treatment', '$35'],
      ],
    },
  ],
  [
    /photo/i,
    {
      tagline: 'Moments worth keeping.',
      offer: 'Services',
      items: [
        ['Portrait session', '$150'],
        ['Weddings', 'from $1,200'],
        ['Events', 'from $400'],
        ['Prints', 'from $25'],
      ],
    },
  ],
  [
    /dog|pet|groom|vet/i,
    {
      tagline: 'Happy pets, happy owners.',
      offer: 'Services',
      items: [
        ['Full groom', '$60'],
        ['Bath & brush', '$35'],
        ['Nail trim', '$15'],
        ['Daycare', '$30 / day'],
      ],
    },
  ],
  [
    /plumb|electric|builder|repair|garden|landscap|clean/i,
    {
      tagline: 'Reliable work, fair prices, on time.',
      offer: 'Services',
      items: [
        ['Call-out', '$60'],
        ['Hourly rate', '$45'],
        ['Free quotes', 'always'],
        ['Emergency help', '24/7'],
      ],
    },
  ],
  [
    /app|software|startup|saas|product/i,
    {
      tagline: 'The simple way to get more done.',
      offer: 'Features',
      items: [
        ['Fast', 'built for speed'],
        ['Simple', 'nothing to learn'],
        ['Secure', 'your data stays yours'],
        ['Everywhere', 'web and mobile'],
      ],
    },
  ],
]
const GENERIC: Trade = {
  tagline: 'Friendly, local and here to help.',
  offer: 'Services',
  items: [
    ['Consultation', 'free'],
    ['Standard service', '$50'],
    ['Premium service', '$90'],
    ['Gift cards', 'any amount'],
  ],
}

export type Business = { name: string; trade: string; details: Trade }

export function businessOf(prompt: string): Business {
  const trade =
    tradeIn(prompt)
      ?.replace(/\b(?:landing page|website|site|homepage)\b/g, '')
      .trim() ||
    /\b(bakery|caf[eé]|restaurant|gym|salon|studio|shop|agency)\b/i.exec(prompt)?.[1]?.toLowerCase() ||
    /\b([a-z]+)\s+(?:landing page|website|site|home ?page)\b/i
      .exec(prompt)?.[1]
      ?.toLowerCase()
      .replace(/^(?:a|an|my|the|our|simple|new)$/, '') ||
    'business'
  const named = nameIn(prompt)
  const name = named && !/^(?:a|an|my|our|the)\b/i.test(named) ? named : titleCase(trade)
  return { name, trade, details: TRADES.find(([pattern]) => pattern.test(`${trade} ${prompt}`))?.[1] ?? GENERIC }
}

/** Sections a landing page knows how to fill; any other requested one gets its heading and a line to replace. */
export const SECTIONS: { key: string; pattern: RegExp; heading: (business: Business) => string; content: (business: Business) => string }[] = [
  {
    key: 'about',
    pattern: /\babout\b|our story|who we are/i,
    heading: (b) => `About ${b.name}`,
    content: (b) => `<p>${escapeHtml(b.name)} is a ${escapeHtml(b.trade)} run by people who love what they do. ${escapeHtml(b.details.tagline)}</p>`,
  },
  {
    key: 'menu',
    pattern: /\bmenu\b|services|products|classes|features|offer/i,
    heading: (b) => b.details.offer,
    content: (b) =>
      `<ul class="offer">${b.details.items.map(([item, price]) => `<li data-item="${escapeHtml(item)}"><span>${escapeHtml(item)}</span><strong>${escapeHtml(price)}</strong></li>`).join('')}</ul>`,
  },
  {
    key: 'hours',
    pattern: /hours|opening|open times|when we.re open/i,
    heading: () => 'Opening hours',
    content: () =>
      `<table class="hours"><tr><th>Mon–Fri</th><td>8:00–18:00</td></tr><tr><th>Saturday</th><td>9:00–16:00</td></tr><tr><th>Sunday</th><td>Closed</td></tr></table>`,
  },
  {
    key: 'testimonials',
    pattern: /testimonial|reviews?|what (?:people|customers) say/i,
    heading: () => 'What people say',
    content: (b) =>
      `<blockquote>“The best ${escapeHtml(b.trade)} in town.” <cite>— Sam</cite></blockquote><blockquote>“Friendly and always on time.” <cite>— Priya</cite></blockquote><blockquote>“We keep coming back.” <cite>— Jonas</cite></blockquote>`,
  },
  {
    key: 'pricing',
    pattern: /pricing|prices|plans|packages/i,
    heading: () => 'Pricing',
    content: () =>
      `<div class="plans"><article><h3>Basic</h3><p class="price">$9</p><p>The essentials.</p></article><article><h3>Plus</h3><p class="price">$19</p><p>Everything in Basic, and more.</p></article><article><h3>Pro</h3><p class="price">$39</p><p>For teams and power users.</p></article></div>`,
  },
  {
    key: 'faq',
    pattern: /\bfaqs?\b|questions/i,
    heading: () => 'Questions',
    content: (b) =>
      `<details><summary>Where are you?</summary><p>On the high street, next to the park.</p></details><details><summary>Do I need to book?</summary><p>Walk-ins are welcome; booking guarantees a time.</p></details><details><summary>How can I pay?</summary><p>${escapeHtml(b.name)} takes cards and cash.</p></details>`,
  },
  {
    key: 'gallery',
    pattern: /gallery|photos|pictures|portfolio/i,
    heading: () => 'Gallery',
    content: () => `<div class="gallery">${['🌅', '🏙️', '🌿', '🎨', '☕', '📸'].map((emoji) => `<span>${emoji}</span>`).join('')}</div>`,
  },
  {
    key: 'team',
    pattern: /\bteam\b|staff|who we are|people/i,
    heading: () => 'Our team',
    content: () =>
      `<ul class="team"><li><strong>Alex</strong> Founder</li><li><strong>Maria</strong> Manager</li><li><strong>Tom</strong> Specialist</li></ul>`,
  },
  {
    key: 'location',
    pattern: /location|map|find us|directions|address/i,
    heading: () => 'Find us',
    content: () => `<p>12 High Street, Springfield · a two-minute walk from the station.</p>`,
  },
  {
    key: 'contact',
    pattern: /contact|get in touch|email|phone|call us/i,
    heading: () => 'Contact',
    content: (b) =>
      `<p>Call <a href="tel:+15550100">555-0100</a> or write to <a href="mailto:hello@example.com">hello@example.com</a>. ${escapeHtml(b.name)} answers within a day.</p>`,
  },
  {
    key: 'newsletter',
    pattern: /newsletter|subscribe|mailing list/i,
    heading: () => 'Newsletter',
    content: () =>
      `<form class="row" data-newsletter onsubmit="event.preventDefault(); this.replaceWith(Object.assign(document.createElement('p'), { textContent: 'Thanks — you are on the list.' }))"><input type="email" required placeholder="you@example.com" aria-label="Email" style="flex:1"><button>Subscribe</button></form>`,
  },
]

export const sectionId = (key: string) =>
  `section-${key
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`

export function sectionMarkup(business: Business, key: string, heading?: string) {
  const known = SECTIONS.find((section) => section.key === key)
  const title = heading ?? known?.heading(business) ?? capitalise(key)
  const content = known ? known.content(business) : `<p>Write about ${escapeHtml(title.toLowerCase())} here.</p>`
  return `    <section id="${sectionId(key)}" data-section="${escapeHtml(key)}">
      <h2>${escapeHtml(title)}</h2>
      ${content}
    </section>`
}

/** The section a phrase names: a known one, or the phrase itself ("add a section about our history"). */
export const sectionKey = (text: string) => SECTIONS.find((section) => section.pattern.test(text))?.key

export const landing = (prompt: string): App => {
  const business = businessOf(prompt)
  const asked = SECTIONS.filter((section) => section.pattern.test(prompt.replace(/landing page|website|homepage/gi, ''))).map((section) => section.key)
  const keys = [...new Set(['about', 'menu', ...asked, 'contact'])]
  return {
    kind: 'landing',
    title: escapeHtml(business.name),
    subtitle: escapeHtml(business.details.tagline),
    width: '56rem',
    body: `  <p class="hero" id="hero"><a class="cta" href="#section-contact" data-button="cta">Get in touch</a></p>
  <div class="sections" id="sections" data-trade="${escapeHtml(business.trade)}">
${keys.map((key) => sectionMarkup(business, key)).join('\n')}
  </div>
  <footer id="footer" class="muted">© ${escapeHtml(business.name)}</footer>`,
    style:
      '  h1 { font-size: clamp(2rem, 6vw, 3.2rem); }\n  .subtitle { font-size: 1.2rem; }\n  .cta { display: inline-block; padding: 0.7rem 1.2rem; border-radius: var(--radius); background: var(--accent); color: #fff; text-decoration: none; font-weight: 600; }\n  .sections { display: grid; grid-template-columns: repeat(var(--columns), 1fr); gap: 1.5rem; margin-top: 2rem; }\n  .sections section { padding-top: 1rem; border-top: 1px solid var(--line); }\n  .offer { list-style: none; padding: 0; }\n  .offer li { display: flex; justify-content: space-between; padding: 0.3rem 0; border-bottom: 1px dashed var(--line); }\n  .hours th { text-align: left; padding-right: 1.5rem; font-weight: 500; }\n  blockquote { margin: 0 0 0.8rem; font-style: italic; }\n  .plans { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: 0.8rem; }\n  .plans article { padding: 1rem; border: 1px solid var(--line); border-radius: var(--radius); }\n  .price { font-size: 1.6rem; font-weight: 700; color: var(--accent); margin: 0; }\n  .gallery { display: grid; grid-template-columns: repeat(3, 1fr); gap: 0.5rem; font-size: 2.5rem; text-align: center; }\n  .gallery span { padding: 1rem; background: var(--background); border-radius: var(--radius); }\n  .team { list-style: none; padding: 0; display: flex; gap: 1.5rem; flex-wrap: wrap; }\n  .team strong { display: block; }\n  footer { margin-top: 2rem; }',
  }
}
