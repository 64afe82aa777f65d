-- One row per staff import (scripts/staff/catalogue.ts), written in the same D1 batch as the import's
-- vehicles. The trigger compares the catalogue version the file was exported at with the live one
-- inside that batch, so a file made before someone else's change is refused by the very transaction
-- that would have written it, not by a separate read that another import could slip past.
-- version_after is filled in by the batch's last statement: on --remote, wrangler returns no query
-- results for a file, so this row is how the tool learns which version its own import produced.
CREATE TABLE catalogue_imports (
  id TEXT PRIMARY KEY NOT NULL,
  -- NULL when staff chose --force: the file is written whatever changed since it was exported.
  expected_version INTEGER,
  vehicles INTEGER NOT NULL,
  version_after INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TRIGGER catalogue_imports_refuse_stale_file BEFORE INSERT ON catalogue_imports
WHEN NEW.expected_version IS NOT NULL
  AND NEW.expected_version IS NOT (SELECT version FROM catalogue_state WHERE id = 1)
BEGIN
  SELECT RAISE(ABORT, 'stale catalogue file: the catalogue changed after this file was exported');
END;
