-- Issue 12.3: the screenshot job stores a 1280×800 WebP (pieces.screenshot, used for link
-- previews) and a 640×400 thumbnail for gallery cards.
alter table pieces add column screenshot_thumbnail text not null default '';
