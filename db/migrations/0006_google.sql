-- Sign-in providers linked to an account (spec 1 §3 "Linked sign-in provider"). An
-- identity is keyed by the provider's stable subject, never by its email: the email can
-- change at the provider and is kept here only to show it. `users.password_hash` is
-- already nullable: an account made by Google sign-in has no password.

create table user_identities (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  provider text not null check (provider in ('google')),
  subject text not null check (subject <> ''),
  email text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- One account per provider identity, and one identity per provider per account.
  constraint user_identities_subject_key unique (provider, subject),
  constraint user_identities_user_provider_key unique (user_id, provider)
);
