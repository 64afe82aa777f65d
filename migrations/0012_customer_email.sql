-- Customers hear back (issue 27): every e-mail about a customer's request goes through the contact
-- messages' pipeline (stored, queued, claimed, retried, dead letters noticed), which now owes a
-- third copy, the customer's, besides the staff's and the CRM's.

-- When the customer's copy was accepted by the mail service.
ALTER TABLE contact_messages ADD COLUMN customer_sent_at TEXT;
-- Why the customer's copy will never be sent (the mail service refused the address, customer e-mail
-- is not set up, the mailbox name needs SMTPUTF8): an error code or a short reason, never the text
-- of the error, which can quote the address.
ALTER TABLE contact_messages ADD COLUMN customer_error TEXT;
-- What the customer's e-mail carries that is kept nowhere else: the private status link (whose
-- token the bookings table holds only as a hash) and its calendar file, as JSON. Erased the moment
-- the customer's copy is sent or given up.
ALTER TABLE contact_messages ADD COLUMN customer_private TEXT CHECK (customer_private IS NULL OR json_valid(customer_private));
-- Which event of a booking the row tells of: 'placed' (the announcement: staff, CRM and customer
-- copies) or the status it moved to ('confirmed', 'declined', 'cancelled', 'expired', 'sold': the
-- customer's copy only). NULL for a visitor's message from the contact form.
ALTER TABLE contact_messages ADD COLUMN booking_event TEXT
  CHECK (booking_event IS NULL OR booking_event IN ('placed', 'confirmed', 'declined', 'cancelled', 'expired', 'sold'));

UPDATE contact_messages SET booking_event = 'placed' WHERE booking_reference IS NOT NULL;
-- Messages stored before customers were e-mailed owe them nothing: a late copy of an old request
-- would confuse more than it tells.
UPDATE contact_messages SET customer_error = 'before customer e-mail';

-- One row per booking and event: the announcement once, each status change once.
DROP INDEX contact_messages_booking_reference_idx;
CREATE UNIQUE INDEX contact_messages_booking_event_idx ON contact_messages (booking_reference, booking_event)
  WHERE booking_reference IS NOT NULL;

-- A status change, by whoever makes it (staff's `npm run bookings` through wrangler d1 execute, the
-- cron job releasing a stale request, a renter cancelling from their page), stores the customer's
-- e-mail about it in the same statement: nothing can change a booking and forget to tell them. The
-- cron job's sweeper puts these rows on the queue (nobody else is there to, after a staff command).
CREATE TRIGGER bookings_status_tells_customer AFTER UPDATE OF status ON bookings
WHEN NEW.status IS NOT OLD.status AND NEW.status IN ('confirmed', 'declined', 'cancelled', 'expired', 'sold')
BEGIN
  INSERT OR IGNORE INTO contact_messages
    (id, first_name, last_name, email, phone, interest, message, vehicle_id, booking_reference, booking_event)
  VALUES (
    lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
      || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
    NEW.first_name, NEW.last_name, NEW.email, NEW.phone, NEW.interest, '', NEW.vehicle_id, NEW.reference, NEW.status
  );
END;
