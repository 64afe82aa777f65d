-- Limits per client and per network on contact-form messages (issue 55): the per-minute rate
-- limiter let one client fill everyone's hourly cap in 6 minutes.

-- The sender of a contact-form message (client-key.server.ts: an IP address or IPv6 /64, and its
-- IPv4 /24 or IPv6 /48), counted by the storing INSERT itself over the last hour, and blanked by
-- the cron job once older than that window. Empty on the messages the site writes (a booking's
-- announcement, its status e-mails), which no sender limit holds.
ALTER TABLE contact_messages ADD COLUMN client_key TEXT NOT NULL DEFAULT '';
ALTER TABLE contact_messages ADD COLUMN network_key TEXT NOT NULL DEFAULT '';
CREATE INDEX contact_messages_client_idx ON contact_messages (client_key, created_at);
CREATE INDEX contact_messages_network_idx ON contact_messages (network_key, created_at);
