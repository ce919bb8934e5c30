-- Issue 37.10: a send aimed at one element picked in the preview shows the model that element,
-- not the page, so its cost is estimated from turns of its own kind.
alter table generations drop constraint generations_kind_check;
alter table generations add constraint generations_kind_check check (kind in ('build', 'edit', 'aimed'));
