-- Limits per client (issue 47): one client filled every at-home test-drive place on a day with
-- made-up people, and a repeated alert request was not counted in the client's hourly limit, so
-- where the limit answered told whether an address already watched a cart.

-- The sender's key (client-key.server.ts: an IPv4 address, an IPv6 /64) of a booking request,
-- kept only while the request waits for staff: the placing INSERT counts a client's waiting
-- requests of a kind, across every name and address they carry. Rows placed before this, and
-- staff's own, have ''.
ALTER TABLE bookings ADD COLUMN client_key TEXT NOT NULL DEFAULT '';
CREATE INDEX bookings_client_key_idx ON bookings (client_key, kind, status);
-- Answered, cancelled or expired, the request no longer counts, so its sender's address is forgotten.
CREATE TRIGGER bookings_client_key_forgotten AFTER UPDATE OF status ON bookings
  WHEN NEW.status <> 'requested' AND NEW.client_key <> ''
BEGIN
  UPDATE bookings SET client_key = '' WHERE rowid = NEW.rowid;
END;

-- Every alert request a client made, stored or not (a repeat, an address at its limit): the
-- per-client hourly limit counts all of them, and the per-client waiting limit those it did not
-- refuse (`refused`) whose alert is not confirmed, so both answer at the same request whatever the
-- address. The cron job deletes rows past the unconfirmed period, after which no limit reads them.
CREATE TABLE alert_requests (
  id TEXT PRIMARY KEY NOT NULL,
  client_key TEXT NOT NULL,
  refused INTEGER NOT NULL DEFAULT 0 CHECK (refused IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX alert_requests_client_idx ON alert_requests (client_key, created_at);
-- The unconfirmed alerts of a client across addresses: the per-client waiting limit counts these.
CREATE INDEX alerts_client_status_idx ON alerts (client_key, status);
