-- Each user's PLUS subscription as last known. Billing will drive it from Stripe;
-- `status` is 'active', 'canceling', or anything else Stripe reports (no row: none).
create table subscriptions (
  user_id bigint primary key references users (id) on delete cascade,
  status text not null,
  cancel_at timestamptz,
  cancel_at_period_end boolean not null default false,
  billing_cycle_anchor timestamptz,
  updated_at timestamptz not null default now()
);
