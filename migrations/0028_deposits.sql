-- Deposits paid online (issue 57): a cart reservation's fixed deposit, which extends its hold, and a
-- share of a rental's total, through Stripe's hosted Checkout. Stripe's notices (webhooks) are the
-- only thing that marks money in; every change of a payment's state is one guarded UPDATE that names
-- the state it expects, so a notice delivered twice, late or out of order takes effect once.

-- When an unanswered request's hold ends, where it is not its kind's hold hours after placing (a
-- reservation whose deposit is paid). The cron job releases a request past it.
ALTER TABLE bookings ADD COLUMN hold_until TEXT;

-- One row per checkout the customer opens: `attempt` numbers them per booking (the idempotency key
-- Stripe is sent is the reference and the attempt), `amount_cents` is what the server computed from
-- the stored quote. States:
--   open      a Checkout Session was asked for (session_id set once Stripe answered)
--   expired   its session ended unpaid, or a newer one replaced it
--   paid      Stripe said it was paid, while its booking still held its place
--   refunding a refund is due (`refund_cents`, `refund_reason`); the Refund API call has not answered
--   refunded  the Refund API created the refund (`refund_id`)
--   kept      its booking was released and the terms refund none of it (a rental's no-show)
-- A payment that arrives for a booking already released, or after another payment of the same
-- booking, goes straight from open to refunding in full.
CREATE TABLE booking_payments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  state TEXT NOT NULL DEFAULT 'open'
    CHECK (state IN ('open', 'expired', 'paid', 'refunding', 'refunded', 'kept')),
  session_id TEXT UNIQUE,
  payment_intent TEXT,
  paid_at TEXT,
  refund_cents INTEGER NOT NULL DEFAULT 0 CHECK (refund_cents >= 0 AND refund_cents <= amount_cents),
  refund_reason TEXT,
  refund_id TEXT,
  refunded_at TEXT,
  client_key TEXT NOT NULL DEFAULT '',
  email_key TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX booking_payments_attempt_idx ON booking_payments (reference, attempt);
-- At most one deposit counts toward a booking: a second payment is refunded, never kept.
CREATE UNIQUE INDEX booking_payments_one_paid_idx ON booking_payments (reference) WHERE state = 'paid';
CREATE INDEX booking_payments_state_idx ON booking_payments (state, updated_at);
CREATE INDEX booking_payments_client_idx ON booking_payments (client_key, created_at);
CREATE INDEX booking_payments_email_idx ON booking_payments (email_key, created_at);
CREATE TRIGGER bookings_delete_drops_payments AFTER DELETE ON bookings
BEGIN
  DELETE FROM booking_payments WHERE reference = OLD.reference;
END;

-- Every Stripe event id taken, once: the first delivery inserts it, a repeat finds it there.
CREATE TABLE payment_events (
  id TEXT PRIMARY KEY NOT NULL,
  type TEXT NOT NULL,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The money e-mails are customer-only contact messages like a status change: the receipt of a
-- deposit ('deposit-paid') and a refund ('refunded'). Each names its payment in its id, so it is
-- stored once per payment; a booking may have several (a second payment refunded), so the
-- one-per-event index leaves them out. The table is rebuilt as migration 0027 did, its triggers
-- dropped first and written again after, word for word.
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
      ('placed', 'confirmed', 'declined', 'cancelled', 'expired', 'sold', 'reminder', 'paperwork', 'signed', 'deposit-paid', 'refunded')),
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
  WHERE booking_reference IS NOT NULL AND booking_event NOT IN ('paperwork', 'signed', 'deposit-paid', 'refunded');
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
