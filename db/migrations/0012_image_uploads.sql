-- Who stored which image when: the per-user upload quota counts these rows, and images that
-- no Piece points at any more are collected (jobs/cleanup.ts) once they are a day old.
create table image_uploads (
  user_id bigint not null references users (id) on delete cascade,
  hash text not null,
  created_at timestamptz not null default now()
);
create index image_uploads_user_idx on image_uploads (user_id, created_at);
create index image_uploads_created_idx on image_uploads (created_at);
