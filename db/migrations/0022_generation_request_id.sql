-- The id of the request that sent the generation (X-Request-Id; docs/decisions/0035): its
-- log lines, its job's and its worker's carry the same id, and so does a retry by another worker.
alter table generations add column request_id text;
