-- Issue 29.1: what a turn's estimate before Send is made from. `prompt_tokens` is the
-- request's own prompt (message, page, recent history, images: known before it runs), `kind`
-- whether it builds a first page or edits one, and `used_tokens` what a completed turn used,
-- charged or refunded (issue 29.3). The estimate reads the spread of
-- used / (prompt + base) over recent completed turns of a kind and model.
alter table generations
  add column prompt_tokens integer check (prompt_tokens >= 0),
  add column kind text check (kind in ('build', 'edit')),
  add column used_tokens integer check (used_tokens >= 0);
create index generations_turn_costs_idx on generations (kind, model, id desc) where status = 'complete' and used_tokens is not null;
