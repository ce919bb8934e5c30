-- Issue 39: a Piece's own data, per visitor ("mine") and shared by every visitor ("shared"),
-- kept apart per space: 'live' (the public Piece), 'test' (the owner's editor preview) and
-- 'check:{id}' (one run of a behaviour check, emptied after it). Written only through
-- app/data/store.server.ts, which decides the writer from a token the app signed.

-- Bytes and rows in use per Piece and space: every write moves these in the same statement
-- that checks the quota, so writers at once can never pass it together.
create table piece_data_usage (
  piece_id bigint not null references pieces (id) on delete cascade,
  space text not null,
  bytes bigint not null default 0 check (bytes >= 0),
  records integer not null default 0 check (records >= 0),
  -- The last time a write was refused for a limit, and which: shown to the owner.
  limit_reached_at timestamptz,
  limit_reached text,
  primary key (piece_id, space)
);

-- "mine": one visitor's keys. `visitor` is the server's key for the writer (an account or an
-- anonymous visitor of this Piece), never something the Piece's code chose.
create table piece_data_values (
  piece_id bigint not null references pieces (id) on delete cascade,
  space text not null,
  visitor text not null,
  key text not null check (char_length(key) between 1 and 200),
  value jsonb not null,
  bytes integer not null,
  updated_at timestamptz not null default now(),
  primary key (piece_id, space, visitor, key)
);

-- "shared": records of named collections, each stamped with its writer and time.
create table piece_data_records (
  id bigint generated always as identity primary key,
  piece_id bigint not null references pieces (id) on delete cascade,
  space text not null,
  collection text not null check (char_length(collection) between 1 and 100),
  writer text not null,
  writer_name text not null,
  value jsonb not null,
  bytes integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index piece_data_records_list_idx on piece_data_records (piece_id, space, collection, id);

-- Shared counters: one number per name in a collection, changed only by atomic increments.
create table piece_data_counters (
  piece_id bigint not null references pieces (id) on delete cascade,
  space text not null,
  collection text not null check (char_length(collection) between 1 and 100),
  name text not null check (char_length(name) between 1 and 200),
  value bigint not null default 0,
  primary key (piece_id, space, collection, name)
);

-- Every change to shared data, in order: live pages follow it (NOTIFY carries the id) and a
-- page that lost its connection resumes after the last id it saw. Pruned after a day.
create table piece_data_changes (
  id bigint generated always as identity primary key,
  piece_id bigint not null references pieces (id) on delete cascade,
  space text not null,
  collection text not null,
  payload jsonb not null,
  created_at timestamptz not null default now()
);
create index piece_data_changes_follow_idx on piece_data_changes (piece_id, space, collection, id);
create index piece_data_changes_created_idx on piece_data_changes (created_at);
