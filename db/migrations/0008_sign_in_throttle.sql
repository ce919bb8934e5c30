-- Consecutive failed sign-ins, per client address ('ip:…') and per account email
-- ('account:…'). A success clears both; a quiet spell of the lockout length restarts the
-- count. Shared in PostgreSQL so the rule holds across every web instance.
create table sign_in_failures (
  key text primary key,
  failures integer not null default 0,
  last_failure_at timestamptz not null default now()
);
