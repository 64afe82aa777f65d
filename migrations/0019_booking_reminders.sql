-- Day-before reminders (issue 38): every booking with a day (a rental's pickup or delivery, a service
-- drop-off, a storage stay's arrival) e-mails its customer once, the day before, with its private
-- link. A cart reservation has no day, so it has no reminder.

-- The reminder is a customer-only contact message like a status change, so the event list grows by
-- 'reminder'. SQLite cannot change a column's CHECK in place, so the table is rebuilt as it stands
-- (same columns, defaults and indexes). The bookings trigger that writes into it is dropped first
-- and written again after, word for word as migration 0016 left it, so the rename meets no trigger
-- naming a table that is briefly missing.
DROP TRIGGER bookings_status_tells_customer;

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
    CHECK (booking_event IS NULL OR booking_event IN ('placed', 'confirmed', 'declined', 'cancelled', 'expired', 'sold', 'reminder')),
  email_key TEXT NOT NULL DEFAULT '',
  customer_mail_at TEXT,
  staff_answer INTEGER NOT NULL DEFAULT 0 CHECK (staff_answer IN (0, 1))
);
INSERT INTO contact_messages_new
  (id, first_name, last_name, email, phone, interest, message, vehicle_id, status, attempts, last_error, created_at,
   updated_at, enqueued_at, sent_at, staff_sent_at, crm_sent_at, claimed_until, claim_token, booking_reference,
   customer_sent_at, customer_error, customer_private, booking_event, email_key, customer_mail_at, staff_answer)
SELECT
  id, first_name, last_name, email, phone, interest, message, vehicle_id, status, attempts, last_error, created_at,
  updated_at, enqueued_at, sent_at, staff_sent_at, crm_sent_at, claimed_until, claim_token, booking_reference,
  customer_sent_at, customer_error, customer_private, booking_event, email_key, customer_mail_at, staff_answer
FROM contact_messages;
DROP TABLE contact_messages;
ALTER TABLE contact_messages_new RENAME TO contact_messages;
CREATE INDEX contact_messages_status_idx ON contact_messages (status, updated_at);
CREATE INDEX contact_messages_created_idx ON contact_messages (created_at);
-- One row per booking and event, now a reminder among them: two overlapping cron runs cannot both
-- store one.
CREATE UNIQUE INDEX contact_messages_booking_event_idx ON contact_messages (booking_reference, booking_event)
  WHERE booking_reference IS NOT NULL;
CREATE INDEX contact_messages_customer_mail_idx ON contact_messages (email_key, customer_mail_at);

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

-- The private status link a reminder carries. Its token is stored nowhere else (the bookings table
-- has only its hash), so the request that placed the booking keeps the path here, apart from the
-- announcement's copy (which is erased once the placed e-mail has gone). One row per booking of a
-- kind with a day; `due_day` is the day the reminder goes: the day before the booking's first day.
-- The path is erased when the reminder message is stored (it moves to that message, which erases
-- it once sent) and when the booking stops being requested or confirmed; the cron job deletes a
-- row once its due day has passed.
CREATE TABLE booking_reminders (
  reference TEXT PRIMARY KEY NOT NULL,
  due_day TEXT NOT NULL,
  status_path TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- When the reminder message was stored; NULL while it is still owed.
  reminded_at TEXT
);
CREATE INDEX booking_reminders_due_idx ON booking_reminders (due_day);

-- The reminder message and the erasing of the link it took are one statement: whoever stores a
-- reminder (the cron job, or a hand-written INSERT) cannot leave the link behind.
CREATE TRIGGER contact_messages_reminder_takes_link AFTER INSERT ON contact_messages
WHEN NEW.booking_event = 'reminder'
BEGIN
  UPDATE booking_reminders
  SET status_path = NULL, reminded_at = coalesce(reminded_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  WHERE reference = NEW.booking_reference;
END;

-- A booking declined, cancelled, expired or sold will never be reminded of: its link goes at once,
-- whoever ends it (staff's command through wrangler d1 execute, a staff page, the customer, the cron).
CREATE TRIGGER bookings_end_erases_reminder_link AFTER UPDATE OF status ON bookings
WHEN NEW.status NOT IN ('requested', 'confirmed')
BEGIN
  UPDATE booking_reminders SET status_path = NULL WHERE reference = NEW.reference;
END;

CREATE TRIGGER bookings_delete_drops_reminder AFTER DELETE ON bookings
BEGIN
  DELETE FROM booking_reminders WHERE reference = OLD.reference;
END;
