-- Public forms and the HTTP rate limiter: the foundation's own tables.

create table contact_messages (
  id bigint generated always as identity primary key,
  name text,
  email text not null,
  message text not null check (char_length(message) <= 1000),
  user_id bigint,
  created_at timestamptz not null default now()
);

create table waitlist_signups (
  id bigint generated always as identity primary key,
  email text not null,
  created_at timestamptz not null default now()
);
create unique index waitlist_signups_email_key on waitlist_signups (lower(email));

-- Fixed-window counters for the strict tier (sign-in, sign-up, contact, waitlist, feedback),
-- shared by every web instance. Old windows are purged by the cleanup job.
create table rate_limit_hits (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null default 1,
  primary key (bucket, window_start)
);
