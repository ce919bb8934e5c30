-- Pieces (spec 1 §3, spec 2 §3) and the images their icons and screenshots point at.

create table pieces (
  id bigint generated always as identity primary key,
  name text not null,
  description text not null default '' check (char_length(description) <= 1000),
  -- '/images/<hash>.<ext>' or '' when there is none.
  icon text not null default '',
  screenshot text not null default '',
  visibility text not null default 'public' check (visibility in ('public', 'private', 'members')),
  user_id bigint not null references users (id) on delete cascade,
  code text not null default '',
  draft jsonb,
  -- Set while a generation runs (renaming is refused then); null when idle.
  generation_started_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint pieces_name_format check (name ~ '^[a-z0-9_.]{3,24}$' and name !~ '\.$')
);
create unique index pieces_name_key on pieces (name);
-- The sidebar list (newest first, ties by id) and the gallery of public Pieces.
create index pieces_owner_recent_idx on pieces (user_id, updated_at desc, id desc);
create index pieces_public_recent_idx on pieces (updated_at desc, id desc) where visibility = 'public';

-- updatedAt travels to clients as an ISO string (millisecond precision) and comes back as
-- the paging cursor, so the stored value must not be finer than what clients see.
create function pieces_truncate_updated_at() returns trigger language plpgsql as $$
begin
  new.updated_at := date_trunc('milliseconds', new.updated_at);
  return new;
end
$$;
create trigger pieces_truncate_updated_at before insert or update on pieces
  for each row execute function pieces_truncate_updated_at();

-- Processed images, stored once per content (the SHA-256 of the stored bytes).
create table images (
  hash text primary key check (hash ~ '^[0-9a-f]{64}$'),
  mime text not null check (mime in ('image/jpeg', 'image/png', 'image/webp', 'image/gif')),
  bytes bytea not null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  created_at timestamptz not null default now()
);
