import { PieceMessages } from '~/pieces/schema'

/** The chat builder's toasts: the spec's (2 §8) word for word, and our own after Accept and Reject. */
export const ChatToasts = {
  stopFailed: 'Failed to stop generation',
  agenticFailed: 'Failed to execute action',
  settingsFailed: 'Failed to update settings',
  loadImageFailed: PieceMessages.loadImageFailed,
  accepted: 'Generation accepted',
  rejected: 'Generation rejected',
} as const
