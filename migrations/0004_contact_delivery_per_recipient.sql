-- Delivery is tracked per recipient, so a retry after the CRM copy failed sends only the CRM copy
-- and the staff never get the same message twice for it.
ALTER TABLE contact_messages ADD COLUMN staff_sent_at TEXT;
ALTER TABLE contact_messages ADD COLUMN crm_sent_at TEXT;
-- A delivery claims the row before it sends: the queue delivers at least once and consumers run in
-- parallel, so of two deliveries of one message only the one holding the claim sends. The claim
-- expires (claimed_until) so a delivery that died mid-way cannot hold the message for ever; the
-- token lets the holder release only its own claim.
ALTER TABLE contact_messages ADD COLUMN claimed_until TEXT;
ALTER TABLE contact_messages ADD COLUMN claim_token TEXT;

-- Rows sent before this migration had their staff copy sent.
UPDATE contact_messages SET staff_sent_at = sent_at WHERE status = 'sent';

-- The cron job deletes messages past their retention age (src/config/data-retention.ts) by age.
CREATE INDEX contact_messages_created_idx ON contact_messages (created_at);
