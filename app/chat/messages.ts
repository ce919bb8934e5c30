import { PieceMessages } from '~/pieces/schema'

/** The chat builder's toasts (spec 2 §8), word for word. */
export const ChatToasts = {
  stopFailed: 'Failed to stop generation',
  settingsFailed: 'Failed to update settings',
  loadImageFailed: PieceMessages.loadImageFailed,
} as const
