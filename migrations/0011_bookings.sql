-- One capacity engine for every kind of booking (src/features/bookings/capacity.server.ts): rental
-- carts, service drop-off slots, storage spaces and buyers' holds on a vehicle's units. A pool has a
-- capacity per day; a block takes one of it out of service for some days; a booking takes one of it
-- for every day from start_day up to end_day (exclusive). A booking is stored only by a single
-- conditional INSERT that finds room on each of its days, so two customers racing for the last one
-- cannot both get it: D1 runs one statement at a time, and the check and the write are one statement.
-- The rental tables (0008) and cart reservations (0010) move here, rows and all.

-- A pool of identical things customers book. `closed_weekdays` lists the days of the week (0 =
-- Sunday) on which it has nothing to give, whatever its capacity: service takes no drop-off on Sunday.
CREATE TABLE booking_pools (
  pool TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('rental', 'service', 'storage', 'reservation')),
  capacity INTEGER NOT NULL CHECK (capacity >= 0),
  closed_weekdays TEXT NOT NULL DEFAULT '' CHECK (closed_weekdays NOT GLOB '*[^0-6]*')
);

-- One row takes one of a pool out of service from first_day up to end_day (exclusive, like a
-- booking's). The id never comes back after a removal (AUTOINCREMENT), so staff removing a block
-- twice by its number cannot remove someone else's.
CREATE TABLE booking_blocks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  pool TEXT NOT NULL,
  first_day TEXT NOT NULL CHECK (date(first_day) IS first_day),
  end_day TEXT NOT NULL CHECK (date(end_day) IS end_day AND end_day > first_day),
  note TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX booking_blocks_pool_idx ON booking_blocks (pool, first_day, end_day);

-- A customer's booking of one of a pool. It takes its place while requested or confirmed. Only the
-- SHA-256 of the customer's private link token is kept, so a leaked copy of the table opens no one's
-- booking. `request` (what they asked for) and `quote` (the price as shown) are JSON kept as the
-- customer saw them; `summary` is the one line staff read in lists, and `announcement` the e-mail
-- that tells staff of it, written when it is placed so the cron job can send it for any kind.
-- A buyer's hold on a vehicle has no last day: it ends at '9999-12-31', when staff decide.
CREATE TABLE bookings (
  reference TEXT PRIMARY KEY NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('rental', 'service', 'storage', 'reservation')),
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
  decided_at TEXT
);
-- The capacity check counts a pool's active bookings that started on or before a day and end after
-- it: this index answers that without reading the rows.
CREATE INDEX bookings_capacity_idx ON bookings (pool, status, start_day, end_day);
-- The cron job's search for requests staff have left unanswered too long.
CREATE INDEX bookings_waiting_idx ON bookings (status, created_at);
CREATE INDEX bookings_kind_idx ON bookings (kind, start_day);

-- Rentals: each class is a pool, as many carts as the fleet had.
INSERT INTO booking_pools (pool, kind, capacity) SELECT plan, 'rental', carts FROM rental_fleet;
INSERT INTO booking_blocks (id, pool, first_day, end_day, note, created_at)
  SELECT id, plan, first_day, end_day, note, created_at FROM rental_blocks;
INSERT INTO bookings
  (reference, token_hash, kind, pool, start_day, end_day, status, request, quote, summary, announcement, interest,
   first_name, last_name, email, phone, created_at, updated_at, decided_at)
  SELECT reference, token_hash, 'rental', plan, start_day, end_day, status, request, quote,
    plan || ' rental, ' || days || ' day(s) from ' || start_day,
    'Rental request ' || reference || ': ' || plan || ', ' || days || ' day(s) from ' || start_day || '.',
    'sales', first_name, last_name, email, phone, created_at, updated_at, decided_at
  FROM rental_holds;

-- Cart reservations: each vehicle is a pool of its units on the lot, kept in step with the vehicles
-- table by the triggers below.
INSERT INTO booking_pools (pool, kind, capacity)
  SELECT 'vehicle:' || id, 'reservation', CASE WHEN in_stock = 1 THEN units_in_stock ELSE 0 END FROM vehicles;
INSERT INTO bookings
  (reference, token_hash, kind, pool, start_day, end_day, status, request, quote, summary, announcement, interest,
   vehicle_id, first_name, last_name, email, phone, created_at, updated_at, decided_at)
  SELECT reference, token_hash, 'reservation', 'vehicle:' || vehicle_id, date(created_at), '9999-12-31', status,
    json_object('vehicleId', vehicle_id, 'delivery', json(delivery)), price,
    vehicle_id || ' reserved',
    'Cart reservation ' || reference || ': ' || vehicle_id || '.',
    'sales', vehicle_id, first_name, last_name, email, phone, created_at, updated_at, decided_at
  FROM cart_reservations;

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

-- Pages say "Reserved" while every unit is held, and they are cached by the catalogue version: a
-- reservation placed or ended changes what they show, so it moves the version as a vehicle change does.
CREATE TRIGGER bookings_reservation_bump_version_after_insert AFTER INSERT ON bookings
WHEN NEW.kind = 'reservation'
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER bookings_reservation_bump_version_after_status AFTER UPDATE OF status ON bookings
WHEN NEW.kind = 'reservation' AND NEW.status IS NOT OLD.status
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
END;

-- A sale takes the unit off the lot in the same statement that records it: staff's "sold" cannot
-- leave the count saying the cart is still there.
CREATE TRIGGER bookings_sold_takes_unit AFTER UPDATE OF status ON bookings
WHEN NEW.kind = 'reservation' AND NEW.status = 'sold' AND OLD.status IS NOT 'sold'
BEGIN
  UPDATE vehicles
    SET units_in_stock = max(0, units_in_stock - 1),
        in_stock = CASE WHEN units_in_stock - 1 > 0 THEN 1 ELSE 0 END,
        updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    WHERE id = NEW.vehicle_id;
END;

-- A booking is announced to staff through the contact pipeline: one message per booking.
ALTER TABLE contact_messages ADD COLUMN booking_reference TEXT;
UPDATE contact_messages SET booking_reference = coalesce(rental_reference, reservation_reference);
CREATE UNIQUE INDEX contact_messages_booking_reference_idx ON contact_messages (booking_reference)
  WHERE booking_reference IS NOT NULL;
DROP INDEX contact_messages_reservation_reference_idx;
ALTER TABLE contact_messages DROP COLUMN reservation_reference;
DROP INDEX IF EXISTS contact_messages_rental_reference_idx;
ALTER TABLE contact_messages DROP COLUMN rental_reference;

DROP TABLE cart_reservations;
DROP TABLE rental_holds;
DROP TABLE rental_blocks;
DROP TABLE rental_fleet;
