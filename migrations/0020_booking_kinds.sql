-- Test drives (issue 38) are the fifth kind of booking. The kinds were a CHECK on bookings.kind and
-- booking_pools.kind (migration 0011), which SQLite cannot change in place: every new kind would
-- rebuild both tables and re-create their triggers. They become rows of their own table instead,
-- which both columns reference (D1 enforces foreign keys), so the next kind is one INSERT here.
CREATE TABLE booking_kinds (
  kind TEXT PRIMARY KEY NOT NULL
);
INSERT INTO booking_kinds (kind) VALUES ('rental'), ('service'), ('storage'), ('reservation'), ('test-drive');

-- The rebuild, once. Every trigger that names either table is dropped first and written again after,
-- word for word as the latest migration left it (0011, 0015, 0017, 0018, 0019), so the renames meet
-- no trigger naming a table that is briefly missing; the indexes are those of 0011 and 0016.
DROP TRIGGER vehicles_booking_pool_after_insert;
DROP TRIGGER vehicles_booking_pool_after_update;
DROP TRIGGER vehicles_booking_pool_after_delete;
DROP TRIGGER vehicles_keep_held_units;
DROP TRIGGER bookings_sold_takes_unit;
DROP TRIGGER bookings_reservation_moves_hold_versions_after_insert;
DROP TRIGGER bookings_reservation_moves_hold_versions_after_status;
DROP TRIGGER bookings_status_history;
DROP TRIGGER bookings_status_tells_customer;
DROP TRIGGER bookings_end_erases_reminder_link;
DROP TRIGGER bookings_delete_drops_reminder;

CREATE TABLE booking_pools_new (
  pool TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL REFERENCES booking_kinds (kind),
  capacity INTEGER NOT NULL CHECK (capacity >= 0),
  closed_weekdays TEXT NOT NULL DEFAULT '' CHECK (closed_weekdays NOT GLOB '*[^0-6]*')
);
INSERT INTO booking_pools_new (pool, kind, capacity, closed_weekdays)
  SELECT pool, kind, capacity, closed_weekdays FROM booking_pools;
DROP TABLE booking_pools;
ALTER TABLE booking_pools_new RENAME TO booking_pools;

CREATE TABLE bookings_new (
  reference TEXT PRIMARY KEY NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL REFERENCES booking_kinds (kind),
  pool TEXT NOT NULL,
  start_day TEXT NOT NULL CHECK (date(start_day) IS start_day),
  end_day TEXT NOT NULL CHECK (date(end_day) IS end_day AND end_day > start_day),
  status TEXT NOT NULL DEFAULT 'requested'
    CHECK (status IN ('requested', 'confirmed', 'declined', 'cancelled', 'expired', 'sold')),
  request TEXT NOT NULL CHECK (json_valid(request)),
  quote TEXT NOT NULL CHECK (json_valid(quote)),
  summary TEXT NOT NULL,
  announcement TEXT NOT NULL,
  -- What the announcement is, for the CRM lead: the contact form's interest, and the vehicle if any.
  interest TEXT NOT NULL CHECK (interest IN ('sales', 'service', 'parts', 'general')),
  vehicle_id TEXT,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- When staff decided it, or it was cancelled or expired.
  decided_at TEXT,
  email_key TEXT NOT NULL DEFAULT '',
  phone_key TEXT NOT NULL DEFAULT '',
  decided_by TEXT
);
INSERT INTO bookings_new
  (reference, token_hash, kind, pool, start_day, end_day, status, request, quote, summary, announcement, interest,
   vehicle_id, first_name, last_name, email, phone, created_at, updated_at, decided_at, email_key, phone_key, decided_by)
SELECT
  reference, token_hash, kind, pool, start_day, end_day, status, request, quote, summary, announcement, interest,
  vehicle_id, first_name, last_name, email, phone, created_at, updated_at, decided_at, email_key, phone_key, decided_by
FROM bookings;
DROP TABLE bookings;
ALTER TABLE bookings_new RENAME TO bookings;

CREATE INDEX bookings_capacity_idx ON bookings (pool, status, start_day, end_day);
CREATE INDEX bookings_waiting_idx ON bookings (status, created_at);
CREATE INDEX bookings_kind_idx ON bookings (kind, start_day);
CREATE INDEX bookings_email_key_idx ON bookings (email_key, kind, status);
CREATE INDEX bookings_phone_key_idx ON bookings (phone_key, kind, status);
CREATE INDEX bookings_kind_created_idx ON bookings (kind, created_at);

CREATE TRIGGER vehicles_booking_pool_after_insert AFTER INSERT ON vehicles
BEGIN
  INSERT INTO booking_pools (pool, kind, capacity)
    VALUES ('vehicle:' || NEW.id, 'reservation', CASE WHEN NEW.in_stock = 1 THEN NEW.units_in_stock ELSE 0 END)
    ON CONFLICT (pool) DO UPDATE SET capacity = excluded.capacity;
END;

CREATE TRIGGER vehicles_booking_pool_after_update AFTER UPDATE OF in_stock, units_in_stock ON vehicles
BEGIN
  UPDATE booking_pools SET capacity = CASE WHEN NEW.in_stock = 1 THEN NEW.units_in_stock ELSE 0 END
    WHERE pool = 'vehicle:' || NEW.id;
END;

CREATE TRIGGER vehicles_booking_pool_after_delete AFTER DELETE ON vehicles
BEGIN
  DELETE FROM booking_pools WHERE pool = 'vehicle:' || OLD.id;
END;

CREATE TRIGGER vehicles_keep_held_units BEFORE UPDATE OF in_stock, units_in_stock ON vehicles
WHEN (CASE WHEN NEW.in_stock = 1 THEN NEW.units_in_stock ELSE 0 END) <
  (SELECT count(*) FROM bookings
    WHERE pool = 'vehicle:' || NEW.id AND status IN ('requested', 'confirmed'))
BEGIN
  SELECT RAISE(ABORT, 'held units: a buyer holds a unit this change takes away');
END;

CREATE TRIGGER bookings_sold_takes_unit AFTER UPDATE OF status ON bookings
WHEN NEW.kind = 'reservation' AND NEW.status = 'sold' AND OLD.status IS NOT 'sold'
BEGIN
  UPDATE vehicles
    SET units_in_stock = max(0, units_in_stock - 1),
        in_stock = CASE WHEN units_in_stock - 1 > 0 THEN 1 ELSE 0 END,
        updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    WHERE id = NEW.vehicle_id;
END;

CREATE TRIGGER bookings_reservation_moves_hold_versions_after_insert AFTER INSERT ON bookings
WHEN NEW.kind = 'reservation' AND NEW.status IN ('requested', 'confirmed')
BEGIN
  UPDATE catalogue_state SET holds_version = holds_version + 1 WHERE id = 1;
  INSERT INTO vehicle_hold_versions (vehicle_id, version) SELECT NEW.vehicle_id, 1 WHERE NEW.vehicle_id IS NOT NULL
    ON CONFLICT (vehicle_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER bookings_reservation_moves_hold_versions_after_status AFTER UPDATE OF status ON bookings
WHEN NEW.kind = 'reservation'
  AND (OLD.status IN ('requested', 'confirmed')) IS NOT (NEW.status IN ('requested', 'confirmed'))
BEGIN
  UPDATE catalogue_state SET holds_version = holds_version + 1 WHERE id = 1;
  INSERT INTO vehicle_hold_versions (vehicle_id, version) SELECT NEW.vehicle_id, 1 WHERE NEW.vehicle_id IS NOT NULL
    ON CONFLICT (vehicle_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER bookings_status_history AFTER UPDATE OF status ON bookings
WHEN NEW.status IS NOT OLD.status
BEGIN
  INSERT INTO booking_changes (reference, status, changed_by, changed_at)
  VALUES (NEW.reference, NEW.status, NEW.decided_by,
    coalesce(NEW.decided_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')));
END;

CREATE TRIGGER bookings_status_tells_customer AFTER UPDATE OF status ON bookings
WHEN NEW.status IS NOT OLD.status AND NEW.status IN ('confirmed', 'declined', 'cancelled', 'expired', 'sold')
BEGIN
  INSERT OR IGNORE INTO contact_messages
    (id, first_name, last_name, email, email_key, phone, interest, message, vehicle_id, booking_reference,
     booking_event, staff_answer)
  VALUES (
    lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
      || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
    NEW.first_name, NEW.last_name, NEW.email, coalesce(nullif(NEW.email_key, ''), lower(trim(NEW.email))), NEW.phone,
    NEW.interest, '', NEW.vehicle_id,
    NEW.reference, NEW.status,
    CASE
      WHEN NEW.status IN ('confirmed', 'declined', 'sold') THEN 1
      WHEN NEW.status = 'cancelled' AND NEW.decided_by IS NOT 'customer' THEN 1
      ELSE 0
    END
  );
END;

CREATE TRIGGER bookings_end_erases_reminder_link AFTER UPDATE OF status ON bookings
WHEN NEW.status NOT IN ('requested', 'confirmed')
BEGIN
  UPDATE booking_reminders SET status_path = NULL WHERE reference = NEW.reference;
END;

CREATE TRIGGER bookings_delete_drops_reminder AFTER DELETE ON bookings
BEGIN
  DELETE FROM booking_reminders WHERE reference = OLD.reference;
END;
