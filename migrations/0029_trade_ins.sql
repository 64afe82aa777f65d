-- Trade-in requests (issue 58): a customer's cart, its photos and staff's answer with a value range.
-- The photos are JPEGs in the private PAPERWORK bucket under `trade-ins/<id>/`, listed in `photos`
-- (a JSON array of {key, label}); only the staff pages serve them. `version` moves with every change,
-- so an answer posted from a page shown before another change is refused (stale form), never merged.
CREATE TABLE trade_ins (
  id TEXT PRIMARY KEY NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  email_key TEXT NOT NULL,
  phone TEXT NOT NULL,
  phone_key TEXT NOT NULL,
  wanted_vehicle_id TEXT,
  cart_year INTEGER NOT NULL,
  make TEXT NOT NULL,
  model TEXT NOT NULL,
  serial TEXT NOT NULL,
  power TEXT NOT NULL CHECK (power IN ('electric', 'gas')),
  battery TEXT NOT NULL,
  battery_year INTEGER,
  seats INTEGER NOT NULL,
  lifted INTEGER NOT NULL CHECK (lifted IN (0, 1)),
  street_legal INTEGER NOT NULL CHECK (street_legal IN (0, 1)),
  condition_notes TEXT NOT NULL,
  photos TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(photos)),
  -- The sender's client and network, for the hourly limits; blanked by the cron job after the window.
  client_key TEXT NOT NULL DEFAULT '',
  network_key TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'answered')),
  version INTEGER NOT NULL DEFAULT 1,
  offer_low_cents INTEGER,
  offer_high_cents INTEGER,
  offer_note TEXT,
  offer_days INTEGER,
  answered_by TEXT,
  answered_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (offer_low_cents IS NULL OR (offer_low_cents >= 0 AND offer_low_cents <= offer_high_cents))
);
CREATE INDEX trade_ins_created_idx ON trade_ins (created_at);
CREATE INDEX trade_ins_email_idx ON trade_ins (email_key, status);
CREATE INDEX trade_ins_phone_idx ON trade_ins (phone_key, status);
CREATE INDEX trade_ins_client_idx ON trade_ins (client_key, created_at);
CREATE INDEX trade_ins_network_idx ON trade_ins (network_key, created_at);

-- The outbox row of a trade-in: its announcement ('received': staff, CRM and the customer's receipt)
-- or staff's answer ('answered': the customer only).
ALTER TABLE contact_messages ADD COLUMN trade_in_id TEXT;
ALTER TABLE contact_messages ADD COLUMN trade_in_event TEXT CHECK (trade_in_event IS NULL OR trade_in_event IN ('received', 'answered'));
