-- Short-lived bearer tokens for API clients. The token itself is signed; this row makes it
-- revocable. Tokens issued from a browser session die with it.
create table api_tokens (
  id text primary key,
  user_id bigint not null references users (id) on delete cascade,
  session_id_hash text references sessions (id_hash) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index api_tokens_user_id_idx on api_tokens (user_id);
