-- Issue 13.1: before a generation completes, the worker loads what it built from the preview
-- origin in a real browser. The code being checked lives here until the generation ends, so
-- the preview origin serves it (signed, like every preview) from any process.
alter table generations add column checked_code text;
