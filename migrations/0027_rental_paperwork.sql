-- Rental paperwork signed online before pickup (issue 56): the renter signs the rental agreement and
-- waiver, each additional driver the waiver, from a link of their own; the signed PDF is kept in the
-- private PAPERWORK bucket and recorded here.

-- Each additional driver's waiver link: a token of its own (256 bits, derived from the booking's
-- token, which only its renter holds), stored only as its SHA-256 hash like the booking's. The
-- renter's own paperwork is opened by the booking's token itself.
CREATE TABLE paperwork_links (
  token_hash TEXT PRIMARY KEY NOT NULL,
  reference TEXT NOT NULL,
  signer TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX paperwork_links_signer_idx ON paperwork_links (reference, signer);
-- A booking deleted by hand takes its links with it, as its reminder row goes (a trigger rather than
-- a foreign key, so a later rebuild of `bookings` does not cascade into this table).
CREATE TRIGGER bookings_delete_drops_paperwork_links AFTER DELETE ON bookings
BEGIN
  DELETE FROM paperwork_links WHERE reference = OLD.reference;
END;

-- One signature per document: the booking and the signer (the renter's agreement and waiver, or one
-- driver's waiver). The unique index is what keeps two posts racing to sign from both storing one.
-- `text_sha256` is the SHA-256 of exactly the text signed (UTF-8), `text_version` the version of the
-- texts' module, `pdf_key` the R2 object in the PAPERWORK bucket, `delete_after` the day the record
-- and its PDF are deleted (src/config/data-retention.ts).
CREATE TABLE paperwork_signatures (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL,
  signer TEXT NOT NULL,
  document TEXT NOT NULL CHECK (document IN ('agreement-and-waiver', 'waiver')),
  signer_name TEXT NOT NULL,
  signed_at TEXT NOT NULL,
  text_version TEXT NOT NULL,
  text_sha256 TEXT NOT NULL,
  signed_text TEXT NOT NULL,
  pdf_key TEXT NOT NULL,
  pdf_bytes INTEGER NOT NULL,
  delete_after TEXT NOT NULL
);
CREATE UNIQUE INDEX paperwork_signatures_one_idx ON paperwork_signatures (reference, signer);
CREATE INDEX paperwork_signatures_delete_idx ON paperwork_signatures (delete_after);

-- The e-mails of the paperwork are customer-only contact messages like a status change: the link
-- sent again at staff's request ('paperwork') and the signed PDF ('signed'). SQLite cannot change a
-- column's CHECK in place, so the table is rebuilt as it stands (as migration 0019 did), its
-- triggers dropped first and written again after, word for word. One booking may have several of
-- these (one PDF per signer, a link sent again), so the one-per-event index leaves them out.
DROP TRIGGER bookings_status_tells_customer;
DROP TRIGGER contact_messages_reminder_takes_link;

CREATE TABLE contact_messages_new (
  id TEXT PRIMARY KEY NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  interest TEXT NOT NULL CHECK (interest IN ('sales', 'service', 'parts', 'general')),
  message TEXT NOT NULL,
  vehicle_id TEXT,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  enqueued_at TEXT,
  sent_at TEXT,
  staff_sent_at TEXT,
  crm_sent_at TEXT,
  claimed_until TEXT,
  claim_token TEXT,
  booking_reference TEXT,
  customer_sent_at TEXT,
  customer_error TEXT,
  customer_private TEXT CHECK (customer_private IS NULL OR json_valid(customer_private)),
  booking_event TEXT
    CHECK (booking_event IS NULL OR booking_event IN
      ('placed', 'confirmed', 'declined', 'cancelled', 'expired', 'sold', 'reminder', 'paperwork', 'signed')),
  email_key TEXT NOT NULL DEFAULT '',
  customer_mail_at TEXT,
  staff_answer INTEGER NOT NULL DEFAULT 0 CHECK (staff_answer IN (0, 1)),
  client_key TEXT NOT NULL DEFAULT '',
  network_key TEXT NOT NULL DEFAULT ''
);
INSERT INTO contact_messages_new
  (id, first_name, last_name, email, phone, interest, message, vehicle_id, status, attempts, last_error, created_at,
   updated_at, enqueued_at, sent_at, staff_sent_at, crm_sent_at, claimed_until, claim_token, booking_reference,
   customer_sent_at, customer_error, customer_private, booking_event, email_key, customer_mail_at, staff_answer,
   client_key, network_key)
SELECT
  id, first_name, last_name, email, phone, interest, message, vehicle_id, status, attempts, last_error, created_at,
  updated_at, enqueued_at, sent_at, staff_sent_at, crm_sent_at, claimed_until, claim_token, booking_reference,
  customer_sent_at, customer_error, customer_private, booking_event, email_key, customer_mail_at, staff_answer,
  client_key, network_key
FROM contact_messages;
DROP TABLE contact_messages;
ALTER TABLE contact_messages_new RENAME TO contact_messages;
CREATE INDEX contact_messages_status_idx ON contact_messages (status, updated_at);
CREATE INDEX contact_messages_created_idx ON contact_messages (created_at);
CREATE UNIQUE INDEX contact_messages_booking_event_idx ON contact_messages (booking_reference, booking_event)
  WHERE booking_reference IS NOT NULL AND booking_event NOT IN ('paperwork', 'signed');
CREATE INDEX contact_messages_paperwork_idx ON contact_messages (booking_reference, booking_event, created_at)
  WHERE booking_event IN ('paperwork', 'signed');
CREATE INDEX contact_messages_customer_mail_idx ON contact_messages (email_key, customer_mail_at);
CREATE INDEX contact_messages_client_idx ON contact_messages (client_key, created_at);
CREATE INDEX contact_messages_network_idx ON contact_messages (network_key, created_at);

CREATE TRIGGER contact_messages_reminder_takes_link AFTER INSERT ON contact_messages
WHEN NEW.booking_event = 'reminder'
BEGIN
  UPDATE booking_reminders
  SET status_path = NULL, reminded_at = coalesce(reminded_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  WHERE reference = NEW.booking_reference;
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
