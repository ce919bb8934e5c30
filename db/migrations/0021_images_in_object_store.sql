-- Issue 16.3: image bytes move to the object store (a local directory or an S3-compatible
-- bucket, app/lib/object-store.server.ts); this table keeps what each image is. Rows stored
-- before keep their bytes here and are served from them until the image collector removes
-- them (decision 0031), so nothing needs copying.
alter table images alter column bytes drop not null;
-- The collector looks only at images past their grace period.
create index images_created_idx on images (created_at);
