-- Issue 37.11: a visitor who pressed Remix before signing in. The cookie holds a random
-- token; the server keeps only its hash, the Piece's name and when, and marks it used the
-- first time the signed-in page reads it, so a copy of the cookie replayed later finds
-- nothing. Never a remix by itself: the page it leads to asks the person to confirm.
create table pending_remixes (
  token_hash text primary key,
  piece_name text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index pending_remixes_created_idx on pending_remixes (created_at);

-- Issue 37.12: a remix's first history entry (its copy, said "Remixed from @owner/name") is
-- where its history starts: Undo does not go back past it. Remixes made before say so too.
update pieces p set draft = jsonb_set(p.draft, '{exchangeHistory,0,start}', 'true'::jsonb)
from piece_remixes r
where r.remix_id = p.id
  and jsonb_typeof(p.draft -> 'exchangeHistory') = 'array'
  and p.draft -> 'exchangeHistory' -> 0 ->> 'note' like 'Remixed from @%';
