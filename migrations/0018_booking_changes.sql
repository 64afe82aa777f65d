-- Every status change of a booking, with who made it and when, for its staff page's history: the
-- booking row keeps only the last one (decided_at, decided_by), and a booking confirmed by one
-- member of staff and cancelled by another must show both. Written by a trigger, so the command's
-- statements, the staff pages, the customer's own cancel and the cron job's release all record it
-- alike, in the same statement as the change itself.
CREATE TABLE booking_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL,
  status TEXT NOT NULL,
  -- A staff member's Access e-mail address, 'terminal' (the command), 'customer' or 'site'.
  changed_by TEXT,
  changed_at TEXT NOT NULL
);
CREATE INDEX booking_changes_reference_idx ON booking_changes (reference, id);

CREATE TRIGGER bookings_status_history AFTER UPDATE OF status ON bookings
WHEN NEW.status IS NOT OLD.status
BEGIN
  INSERT INTO booking_changes (reference, status, changed_by, changed_at)
  VALUES (NEW.reference, NEW.status, NEW.decided_by,
    coalesce(NEW.decided_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')));
END;
