-- Billing (docs/decisions/0019-billing-provider.md). The provider (Stripe, or the local
-- provider) is the source of truth; these tables remember what we asked it and what it said.

-- One customer per user and provider, created once. `sync_requested` / `sync_applied` order
-- the re-reads of the customer's subscription: a read started later wins, whatever order the
-- answers come back in (webhooks arrive out of order and may be processed in parallel).
create table billing_customers (
  user_id bigint not null references users (id) on delete cascade,
  provider text not null check (provider in ('stripe', 'local')),
  customer_id text not null unique,
  sync_requested bigint not null default 0,
  sync_applied bigint not null default 0,
  created_at timestamptz not null default now(),
  primary key (user_id, provider)
);

-- The subscription as last read from the provider; `status` stays the product's word
-- ('active', 'canceling', 'other'), `provider_status` is the provider's.
alter table subscriptions
  add column provider text,
  add column subscription_id text,
  add column provider_status text,
  add column metered_item_id text;

-- The checkout a user last started: a second request soon after answers the same session,
-- and a retry after a failure reuses the idempotency key.
create table billing_checkouts (
  user_id bigint primary key references users (id) on delete cascade,
  provider text not null,
  idempotency_key text not null,
  params text not null,
  session_id text,
  url text,
  created_at timestamptz not null default now()
);

-- Every verified provider event, once (its id); the work is a pg-boss job.
create table billing_events (
  id text primary key,
  provider text not null,
  type text not null,
  customer_id text,
  payload jsonb not null,
  received_at timestamptz not null default now(),
  processed_at timestamptz,
  outcome text
);

-- Why people leave (spec 1 §2.5 cancel dialog).
create table subscription_feedback (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  subscription_id text,
  category text not null,
  text text,
  created_at timestamptz not null default now()
);

-- Billable tokens handed to the provider as meter events. usage_days.billable_reported is
-- how much of the day's billable_tokens already has a report row; a row's id makes its
-- meter event identifier, so resending after a crash never bills twice.
alter table usage_days add column billable_reported bigint not null default 0;

create table usage_reports (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  day date not null,
  tokens bigint not null check (tokens > 0),
  provider text not null,
  customer_id text not null,
  created_at timestamptz not null default now(),
  reported_at timestamptz,
  attempts integer not null default 0,
  last_error text
);
create index usage_reports_unreported_idx on usage_reports (id) where reported_at is null;

-- The local provider's own state (no network): what Stripe would hold.
create table local_billing_checkouts (
  id text primary key,
  customer_id text not null,
  user_id bigint not null references users (id) on delete cascade,
  status text not null default 'open',
  success_url text not null,
  cancel_url text not null,
  subscription_id text,
  created_at timestamptz not null default now()
);

create table local_billing_subscriptions (
  id text primary key,
  customer_id text not null,
  status text not null,
  cancel_at_period_end boolean not null default false,
  cancel_at timestamptz,
  canceled_at timestamptz,
  current_period_start timestamptz not null,
  current_period_end timestamptz not null,
  billing_cycle_anchor timestamptz not null,
  metered_item_id text,
  cancellation_feedback text,
  cancellation_comment text,
  created_at timestamptz not null default clock_timestamp()
);
create index local_billing_subscriptions_customer_idx on local_billing_subscriptions (customer_id);

create table local_billing_invoices (
  id text primary key,
  customer_id text not null,
  subscription_id text not null,
  description text,
  status text not null,
  amount_paid integer not null,
  total integer not null,
  created_at timestamptz not null default clock_timestamp()
);
create index local_billing_invoices_customer_idx on local_billing_invoices (customer_id, created_at desc, id desc);

create table local_billing_meter_events (
  identifier text primary key,
  customer_id text not null,
  value bigint not null,
  created_at timestamptz not null default now()
);
