-- The about and contact pages get dealer photos of their own (`npm run catalogue -- photos add
-- about FILE`). SQLite cannot change a CHECK in place, so the table is rebuilt with the wider list
-- and its rows copied over; dropping the old table drops its trigger, which is made again as 0013
-- made it.
CREATE TABLE dealer_photos_new (
  place TEXT PRIMARY KEY NOT NULL CHECK (place IN ('home', 'showroom', 'about', 'contact')),
  images TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(images) AND json_type(images) = 'array')
);
INSERT INTO dealer_photos_new (place, images) SELECT place, images FROM dealer_photos;
DROP TABLE dealer_photos;
ALTER TABLE dealer_photos_new RENAME TO dealer_photos;
INSERT INTO dealer_photos (place) VALUES ('about'), ('contact');

-- Cached pages are keyed by the catalogue version: a new dealer photo must reach them as a price
-- change does.
CREATE TRIGGER dealer_photos_bump_version_after_update AFTER UPDATE ON dealer_photos
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
END;
