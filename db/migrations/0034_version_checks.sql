-- Issue 40.3: a version of a Piece made without a generation (some of a turn's changes) checked
-- in the worker's browser before it is offered: its code, served on the preview origin under its
-- id while it is checked, and how loading it went. The recorded checks' results are kept per
-- version in piece_check_results, as for every version.
create table piece_version_checks (
  id bigserial primary key,
  piece_id bigint not null references pieces (id) on delete cascade,
  version text not null,
  code text not null,
  outcome jsonb,
  created_at timestamptz not null default now(),
  checked_at timestamptz,
  unique (piece_id, version)
);
