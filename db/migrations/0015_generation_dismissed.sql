-- Spec 2 §4: how the last generation ended (stopped, failed) is said on the chat page, with
-- or without JavaScript, until the user dismisses it; Dismiss is kept here so a reload or
-- another browser does not say it again.
alter table generations add column dismissed_at timestamptz;
