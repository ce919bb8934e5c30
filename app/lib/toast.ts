import { z } from 'zod'

export const ToastSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(['default', 'destructive', 'warning', 'success']).default('default'),
})
export type Toast = z.infer<typeof ToastSchema>
