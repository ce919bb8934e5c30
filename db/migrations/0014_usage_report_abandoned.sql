-- A usage report the provider refused for good (an unknown customer, a deleted meter) is
-- set aside instead of failing every run: it keeps its tokens and error for an operator,
-- and no run sends it again unless an operator clears abandoned_at.
alter table usage_reports add column abandoned_at timestamptz;
drop index usage_reports_unreported_idx;
create index usage_reports_unreported_idx on usage_reports (id) where reported_at is null and abandoned_at is null;
