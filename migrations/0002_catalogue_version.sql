-- A counter that changes whenever the catalogue does, so edge-cached pages and API answers can be
-- keyed by it: any insert, update or delete of a vehicle makes every cached copy stale at once.
CREATE TABLE catalogue_state (
  id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
  version INTEGER NOT NULL DEFAULT 0
);
INSERT INTO catalogue_state (id, version) VALUES (1, 0);

CREATE TRIGGER vehicles_bump_version_after_insert AFTER INSERT ON vehicles
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER vehicles_bump_version_after_update AFTER UPDATE ON vehicles
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER vehicles_bump_version_after_delete AFTER DELETE ON vehicles
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
END;
