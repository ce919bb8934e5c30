-- Issue 27: generations are dispatched from this table, not from a job queue, so a claim can
-- be fair: first come first served across users, at most `user_slots` running at once per user
-- (higher for PLUS; fixed at send time). docs/decisions/0041.
alter table generations add column user_slots integer not null default 2 check (user_slots > 0);
create index generations_queued_idx on generations (created_at, id) where status = 'queued';
create index generations_running_user_idx on generations (user_id) where status = 'running';

-- Each worker process that builds generations, with how many it runs at once: a queued
-- generation is failed only when no worker is alive, and a send is refused (503) when the
-- queue cannot start it within a minute at the workers' pace.
create table generation_workers (
  id text primary key,
  slots integer not null check (slots > 0),
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now()
);
