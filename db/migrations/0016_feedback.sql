-- Issue 12.5: what users send from the sidebar's "Share Feedback" popover.
create table feedback (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  content text not null check (length(content) between 1 and 2000),
  created_at timestamptz not null default now()
);
create index feedback_created_at on feedback (created_at desc);
