-- The dealer's own photos (the showroom, carts on a local road) for the pages about the dealer
-- rather than one cart: each place's list, in page order, written by the staff's photo command
-- (`npm run catalogue -- photos add showroom FILE`) exactly as a vehicle's photos are. Entries are
-- the same /photos/{place}/{hash}-{width}x{height}.jpg addresses (src/features/photos/photo-names.ts).
CREATE TABLE dealer_photos (
  place TEXT PRIMARY KEY NOT NULL CHECK (place IN ('home', 'showroom')),
  images TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(images) AND json_type(images) = 'array')
);
INSERT INTO dealer_photos (place) VALUES ('home'), ('showroom');

-- Cached pages are keyed by the catalogue version: a new dealer photo must reach them as a price
-- change does.
CREATE TRIGGER dealer_photos_bump_version_after_update AFTER UPDATE ON dealer_photos
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
END;
