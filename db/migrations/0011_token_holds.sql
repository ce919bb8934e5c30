-- Tokens held for a model call that has no generation row (an agentic action): they count
-- against the allowance while the call runs, so parallel calls cannot all spend the same
-- room. A hold left by a process that died stops counting at expires_at.
create table token_holds (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  tokens bigint not null check (tokens > 0),
  expires_at timestamptz not null
);
create index token_holds_user_idx on token_holds (user_id);
