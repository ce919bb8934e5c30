-- Issue 31: behaviour checks recorded from the preview, re-run on every version.

-- 31.1 and 31.4: a Piece's checks; the steps are app/checks/schema.ts CheckStep[], written
-- only through that schema (the API, the recorder).
create table piece_checks (
  id bigint generated always as identity primary key,
  piece_id bigint not null references pieces (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 80),
  steps jsonb not null,
  created_at timestamptz not null default now()
);
create index piece_checks_piece_idx on piece_checks (piece_id, id);

-- 31.2: how a check ended on one version of the code (the version is a hash of its text,
-- app/generation/visual/edits.ts documentVersion), so "passed on the accepted version" is
-- a lookup. The latest run of a version wins; the hourly cleanup drops old ones.
create table piece_check_results (
  check_id bigint not null references piece_checks (id) on delete cascade,
  version text not null,
  status text not null check (status in ('pass', 'fail', 'flaky', 'error')),
  step integer,
  message text,
  screenshot text,
  ran_at timestamptz not null default now(),
  primary key (check_id, version)
);
create index piece_check_results_ran_idx on piece_check_results (ran_at);
