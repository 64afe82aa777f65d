-- A rental hold is announced to staff through the contact messages' delivery pipeline (queue,
-- per-recipient copies, claims, retries, the dead-letter notice and the staff's retry command), as
-- a message that names its hold. One announcement per hold: the cron job creates the ones a failed
-- request left out, and this index keeps it from ever making a second.
ALTER TABLE contact_messages ADD COLUMN rental_reference TEXT;
CREATE UNIQUE INDEX contact_messages_rental_reference_idx ON contact_messages (rental_reference)
  WHERE rental_reference IS NOT NULL;
