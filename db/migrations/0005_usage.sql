-- Tokens spent per user and usage day (the calendar day in America/New_York).
-- A new day is a new row, so the 12am ET "reset" needs no job to be correct.
create table usage_days (
  user_id bigint not null references users (id) on delete cascade,
  day date not null,
  tokens bigint not null default 0 check (tokens >= 0),
  billable_tokens bigint not null default 0 check (billable_tokens >= 0),
  primary key (user_id, day)
);

create table usage_settings (
  user_id bigint primary key references users (id) on delete cascade,
  usage_based_pricing boolean not null default false,
  price_cap integer check (price_cap between 5 and 500),
  updated_at timestamptz not null default now()
);
