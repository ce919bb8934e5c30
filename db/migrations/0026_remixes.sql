-- Issue 32: remixes with lineage, the owner's switch, and the gallery's orders.

-- 32.3: while off, the Piece cannot be remixed or downloaded by anyone but its owner.
alter table pieces add column allow_remixes boolean not null default true;

-- 32.2: one row per remix, written once with the remix and never changed. It keeps what the
-- credit says (the original's owner and name as they were) and the version copied, so the
-- credit and "Compare with the original" stay true when the original changes, goes private
-- or is deleted (original_id is then null). A deleted remix keeps its row (remix_id null):
-- the person still remixed the original, so the count does not fall.
create table piece_remixes (
  id bigint generated always as identity primary key,
  remix_id bigint unique references pieces (id) on delete set null,
  original_id bigint references pieces (id) on delete set null,
  remixer_id bigint not null references users (id) on delete cascade,
  original_owner text not null,
  original_name text not null,
  copied_code text not null,
  copied_hash text not null,
  created_at timestamptz not null default now()
);
create index piece_remixes_original_idx on piece_remixes (original_id, created_at desc);

-- 32.4: views counted once per visitor per 10 minutes. A visitor is a keyed hash (of the
-- account, or of the address and browser for a visitor), never a cookie; the mark says when
-- that visitor's view of the Piece was last counted, and each counted view is a row the
-- trending order decays. Both are pruned by the hourly cleanup.
create table piece_view_marks (
  piece_id bigint not null references pieces (id) on delete cascade,
  visitor text not null,
  counted_at timestamptz not null default now(),
  primary key (piece_id, visitor)
);
create table piece_views (
  piece_id bigint not null references pieces (id) on delete cascade,
  viewed_at timestamptz not null default now()
);
create index piece_views_piece_idx on piece_views (piece_id, viewed_at);
