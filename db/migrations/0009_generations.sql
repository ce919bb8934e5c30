-- One row per send (spec 2 §7 call 7): what was asked, where it got to, what it cost.
create table generations (
  id bigint generated always as identity primary key,
  piece_id bigint not null references pieces (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  model text not null,
  status text not null default 'queued'
    check (status in ('queued', 'running', 'complete', 'stopped', 'failed')),
  stage text not null default 'sending' check (stage in ('sending', 'planning', 'generating', 'idle')),
  request jsonb not null,
  result jsonb,
  -- Tokens held back from the daily allowance while the generation runs, so parallel
  -- sends cannot overspend; replaced by tokens_used when it ends.
  reserved_tokens bigint not null default 0 check (reserved_tokens >= 0),
  tokens_used bigint not null default 0 check (tokens_used >= 0),
  tokens_saved bigint not null default 0,
  error text,
  stop_requested boolean not null default false,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  heartbeat_at timestamptz,
  finished_at timestamptz
);
-- One generation at a time per Piece: a second send is refused with 409.
create unique index generations_one_active_per_piece on generations (piece_id) where status in ('queued', 'running');
create index generations_user_active_idx on generations (user_id) where status in ('queued', 'running');
create index generations_piece_recent_idx on generations (piece_id, id desc);

-- Stream events (spec 2 §3), numbered for Last-Event-ID replay and announced with
-- NOTIFY (ids only); old rows are removed by the cleanup job.
create table generation_events (
  id bigint generated always as identity primary key,
  piece_id bigint not null,
  generation_id bigint not null references generations (id) on delete cascade,
  payload jsonb not null,
  created_at timestamptz not null default now()
);
create index generation_events_piece_idx on generation_events (piece_id, id);
create index generation_events_created_idx on generation_events (created_at);
