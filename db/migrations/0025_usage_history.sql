-- Issue 29.2: the settings page's last 30 days of usage, per day and per Piece, read from
-- each user's finished generations that were charged.
create index generations_user_charged_idx on generations (user_id, finished_at) where tokens_used > 0;
