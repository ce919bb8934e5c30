-- Accounts and server-side sessions. The cookie carries only a random session id; the
-- table stores its SHA-256, so a copy of the database cannot be used to sign in.

create table users (
  id bigint generated always as identity primary key,
  uid text not null unique,
  email text not null,
  password_hash text,
  username text unique,
  is_admin boolean not null default false,
  show_token_usage boolean not null default false,
  dark_mode boolean not null default true,
  selected_model text not null default 'gpt-4.1-mini',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_username_format check (username is null or username ~ '^[a-z0-9_.]{3,24}$')
);
create unique index users_email_key on users (lower(email));

create table sessions (
  id_hash text primary key,
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user_id_idx on sessions (user_id);
create index sessions_expires_at_idx on sessions (expires_at);

alter table contact_messages
  add constraint contact_messages_user_fk foreign key (user_id) references users (id) on delete set null;
