/** The overlays over the chat input (spec 2 §2), named like the payment dialog's modes. */
export type Overlay = 'enable-usage-based-pricing' | 'update-usage-based-pricing' | 'upgrade-to-plus'

/** Spec 2 §2 and §8: which overlay a 429 opens, by the words of its message. */
export function overlayFor(message: string): Overlay | null {
  if (message.includes('PLUS daily token limit')) return 'enable-usage-based-pricing'
  if (message.includes('Price cap')) return 'update-usage-based-pricing'
  if (message.includes('Daily token limit')) return 'upgrade-to-plus'
  return null
}

export const OVERLAYS: Record<Overlay, { heading: string; description: string; action: string }> = {
  'upgrade-to-plus': {
    heading: "You've reached your daily token limit",
    description: 'Unlock premium quality, higher limits, and more.',
    action: 'Upgrade to PLUS',
  },
  'enable-usage-based-pricing': {
    heading: "You've reached your daily token limit",
    description: 'Set a monthly budget to continue using tokens today.',
    action: 'Set a monthly budget',
  },
  'update-usage-based-pricing': {
    heading: "You've reached your monthly spending limit",
    description: 'Set your monthly spending limit to continue creating.',
    action: 'Update spending limit',
  },
}
