-- Issue 39.2: how far each collection's changes were pruned (piece_data_changes keeps a day).
-- A page that resumes from a change before that point may have missed some, so it is told to
-- read the collection again ("reset") instead of going on as if nothing had happened.
create table piece_data_pruned (
  piece_id bigint not null references pieces (id) on delete cascade,
  space text not null,
  collection text not null,
  -- The newest change of the collection pruned so far.
  through_id bigint not null,
  primary key (piece_id, space, collection)
);
