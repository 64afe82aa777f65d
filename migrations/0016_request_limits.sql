-- Limits a bot cannot pass (issue 36): one visitor held every cart on the lot and had the site
-- e-mail a stranger's inbox 49 times. Each limit is counted in the statement that writes, so
-- requests racing each other cannot all slip under it.

-- Who asked, as the limits compare people: the e-mail address as its mailbox receives it (case,
-- and dots and plus-tags where the provider ignores them) and the phone's digits, written by the
-- Worker (src/server/person-keys.server.ts). Rows placed before this are keyed as typed, lowercased.
ALTER TABLE bookings ADD COLUMN email_key TEXT NOT NULL DEFAULT '';
ALTER TABLE bookings ADD COLUMN phone_key TEXT NOT NULL DEFAULT '';
UPDATE bookings SET
  email_key = lower(trim(email)),
  phone_key = replace(replace(replace(replace(replace(replace(phone, '-', ''), ' ', ''), '(', ''), ')', ''), '.', ''), '+', '');
-- A placing counts a person's requests still waiting for staff, of the kind asked for.
CREATE INDEX bookings_email_key_idx ON bookings (email_key, kind, status);
CREATE INDEX bookings_phone_key_idx ON bookings (phone_key, kind, status);
-- ... and the kind's requests of this clock hour, for the hourly cap.
CREATE INDEX bookings_kind_created_idx ON bookings (kind, created_at);

-- Who made a booking's last status change: 'customer' from their private page, 'site' for the cron
-- job's release, anything else is staff. Only staff's answers may e-mail past the address's hourly limit.
ALTER TABLE bookings ADD COLUMN decided_by TEXT;

-- The customer copies' hourly limit per address. `customer_mail_at` is when the row took one of
-- its address's places (set once, by the conditional UPDATE that checks the count); `staff_answer`
-- marks a copy that answers the customer on staff's behalf, which the limit never holds back.
ALTER TABLE contact_messages ADD COLUMN email_key TEXT NOT NULL DEFAULT '';
ALTER TABLE contact_messages ADD COLUMN customer_mail_at TEXT;
ALTER TABLE contact_messages ADD COLUMN staff_answer INTEGER NOT NULL DEFAULT 0 CHECK (staff_answer IN (0, 1));
UPDATE contact_messages SET email_key = lower(trim(email));
UPDATE contact_messages SET customer_mail_at = customer_sent_at WHERE customer_sent_at IS NOT NULL;
CREATE INDEX contact_messages_customer_mail_idx ON contact_messages (email_key, customer_mail_at);

-- The one e-mail per hour that tells staff a cap turned visitors away, per cap ('contact', or a
-- booking kind): the insert that creates the row is the one that sends it.
CREATE TABLE hourly_cap_notices (
  scope TEXT NOT NULL,
  hour TEXT NOT NULL,
  sent_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (scope, hour)
);
INSERT INTO hourly_cap_notices (scope, hour, sent_at)
  SELECT 'contact', hour, notice_sent_at FROM contact_hourly_counts WHERE notice_sent_at IS NOT NULL;
ALTER TABLE contact_hourly_counts DROP COLUMN notice_sent_at;

-- The status change's e-mail (migration 0012) now carries who it is for as the limits compare
-- them (a booking written by hand, without a key, by its address lowercased), and whether it is
-- staff's answer: confirming, declining and a sale are staff's alone; a
-- cancellation is theirs unless the customer made it.
DROP TRIGGER bookings_status_tells_customer;
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
