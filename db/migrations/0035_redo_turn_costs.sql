-- Issue 40.4: "Redo this change" makes one call (no plan), so its cost is estimated from turns
-- of its own kind and does not pull the aimed turns' spread down.
alter table generations drop constraint generations_kind_check;
alter table generations add constraint generations_kind_check check (kind in ('build', 'edit', 'aimed', 'redo'));
