-- Buying with confidence (issue 25): where a cart may drive, how many of it the dealer has, and a
-- buyer's hold on one of them.

-- A golf cart (Pennsylvania does not title or register one for the road) or a street-legal
-- low-speed vehicle (FMVSS No. 500, titled and registered). Existing rows are the staff's own data
-- and claim nothing: golf cart until staff say otherwise.
ALTER TABLE vehicles ADD COLUMN road_class TEXT NOT NULL DEFAULT 'golf-cart'
  CHECK (road_class IN ('golf-cart', 'lsv'));

-- How many of this exact vehicle are on the lot: what reservations are counted against. A cart in
-- stock starts as one; staff set the real count by import.
ALTER TABLE vehicles ADD COLUMN units_in_stock INTEGER NOT NULL DEFAULT 0 CHECK (units_in_stock >= 0);
UPDATE vehicles SET units_in_stock = 1 WHERE in_stock = 1;

-- A buyer's hold on one unit of a vehicle while staff arrange the deposit and paperwork. It takes a
-- unit while requested or confirmed. It is stored only by a single conditional INSERT that finds a
-- unit free (units_in_stock above the active holds of that vehicle), the rule that keeps rental
-- holds from double booking, so two buyers racing for the last cart cannot both get it. As with
-- rental holds, only the SHA-256 of the buyer's private link token is kept, and `delivery` and
-- `price` are JSON kept as the buyer saw them.
CREATE TABLE cart_reservations (
  reference TEXT PRIMARY KEY NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  vehicle_id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'requested'
    CHECK (status IN ('requested', 'confirmed', 'declined', 'cancelled', 'expired', 'sold')),
  delivery TEXT NOT NULL CHECK (json_valid(delivery)),
  price TEXT NOT NULL CHECK (json_valid(price)),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- When staff confirmed, declined or sold it, or it was cancelled or expired.
  decided_at TEXT
);
CREATE INDEX cart_reservations_vehicle_idx ON cart_reservations (vehicle_id, status);
CREATE INDEX cart_reservations_waiting_idx ON cart_reservations (status, created_at);

-- Pages say "Reserved" while every unit is held, and they are cached by the catalogue version: a
-- hold placed or ended changes what they show, so it moves the version as a vehicle change does.
CREATE TRIGGER cart_reservations_bump_version_after_insert AFTER INSERT ON cart_reservations
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cart_reservations_bump_version_after_status AFTER UPDATE OF status ON cart_reservations
WHEN NEW.status IS NOT OLD.status
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
END;

-- A sale takes the unit off the lot in the same statement that records it: staff's "mark sold"
-- cannot leave the count saying the cart is still there.
CREATE TRIGGER cart_reservations_sold_takes_unit AFTER UPDATE OF status ON cart_reservations
WHEN NEW.status = 'sold' AND OLD.status IS NOT 'sold'
BEGIN
  UPDATE vehicles
    SET units_in_stock = max(0, units_in_stock - 1),
        in_stock = CASE WHEN units_in_stock - 1 > 0 THEN 1 ELSE 0 END,
        updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    WHERE id = NEW.vehicle_id;
END;

-- A reservation is announced to staff through the contact pipeline like a rental hold: one
-- announcement per reservation.
ALTER TABLE contact_messages ADD COLUMN reservation_reference TEXT;
CREATE UNIQUE INDEX contact_messages_reservation_reference_idx ON contact_messages (reservation_reference)
  WHERE reservation_reference IS NOT NULL;
