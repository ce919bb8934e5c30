-- How many times a worker has taken a generation on. A generation whose worker died is
-- queued again while attempts remain, then ends as failed.
alter table generations add column attempts integer not null default 0;
