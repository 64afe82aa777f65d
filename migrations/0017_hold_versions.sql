-- Buyers' holds no longer move the catalogue version. Every cached page and API answer is keyed by
-- that version (src/server/page-cache.server.ts), so each reservation placed or ended emptied the
-- whole edge cache, and anyone (a bot among them) could make every page cost a render again. Only a
-- few pages show holds (src/config/pages.ts says which), so holds get versions of their own: one for
-- the pages that list every vehicle's, and one per vehicle for that vehicle's own pages. A sale still
-- moves the catalogue version, through the vehicle row it changes (migrations 0002 and 0011).
DROP TRIGGER IF EXISTS bookings_reservation_bump_version_after_insert;
DROP TRIGGER IF EXISTS bookings_reservation_bump_version_after_status;

-- Changes of any vehicle's holds: read with the catalogue version, in the same row.
ALTER TABLE catalogue_state ADD COLUMN holds_version INTEGER NOT NULL DEFAULT 0;

-- Changes of one vehicle's holds. A vehicle whose holds never changed has no row (read as 0). Rows
-- outlive their vehicle: a counter must never go back to a number an old copy is keyed by. (A
-- reservation always names its vehicle; the guard below only keeps one that did not from failing.)
CREATE TABLE vehicle_hold_versions (
  vehicle_id TEXT PRIMARY KEY NOT NULL,
  version INTEGER NOT NULL
);

CREATE TRIGGER bookings_reservation_moves_hold_versions_after_insert AFTER INSERT ON bookings
WHEN NEW.kind = 'reservation' AND NEW.status IN ('requested', 'confirmed')
BEGIN
  UPDATE catalogue_state SET holds_version = holds_version + 1 WHERE id = 1;
  INSERT INTO vehicle_hold_versions (vehicle_id, version) SELECT NEW.vehicle_id, 1 WHERE NEW.vehicle_id IS NOT NULL
    ON CONFLICT (vehicle_id) DO UPDATE SET version = version + 1;
END;

-- Only a change between holding a unit (requested, confirmed) and not holding one changes what a
-- page shows: staff confirming a request leaves every page as it was.
CREATE TRIGGER bookings_reservation_moves_hold_versions_after_status AFTER UPDATE OF status ON bookings
WHEN NEW.kind = 'reservation'
  AND (OLD.status IN ('requested', 'confirmed')) IS NOT (NEW.status IN ('requested', 'confirmed'))
BEGIN
  UPDATE catalogue_state SET holds_version = holds_version + 1 WHERE id = 1;
  INSERT INTO vehicle_hold_versions (vehicle_id, version) SELECT NEW.vehicle_id, 1 WHERE NEW.vehicle_id IS NOT NULL
    ON CONFLICT (vehicle_id) DO UPDATE SET version = version + 1;
END;
