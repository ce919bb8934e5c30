import { Link } from '@remix-run/react'
import { PRODUCT_NAME } from '~/lib/constants'

export function Logo({ to = '/landing' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 font-semibold tracking-tight" aria-label={`${PRODUCT_NAME} home`}>
      <img src="/favicon.svg" alt="" width={24} height={24} className="size-6" />
      <span>{PRODUCT_NAME}</span>
    </Link>
  )
}
