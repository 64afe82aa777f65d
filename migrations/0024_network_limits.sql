-- Limits per network and per hour (issue 55): a book-then-cancel loop from one client filled a
-- kind's hourly cap for everyone (a cancelled request no longer counted against its sender), and a
-- few /64s of one /48 reached the caps that serve every visitor.

-- The sender's network (client-key.server.ts: an IPv4 /24, an IPv6 /48), kept like client_key:
-- only while the request waits for staff, for the per-network limits on waiting requests.
ALTER TABLE bookings ADD COLUMN network_key TEXT NOT NULL DEFAULT '';
CREATE INDEX bookings_network_key_idx ON bookings (network_key, kind, status);
DROP TRIGGER bookings_client_key_forgotten;
CREATE TRIGGER bookings_client_key_forgotten AFTER UPDATE OF status ON bookings
  WHEN NEW.status <> 'requested' AND (NEW.client_key <> '' OR NEW.network_key <> '')
BEGIN
  UPDATE bookings SET client_key = '', network_key = '' WHERE rowid = NEW.rowid;
END;

-- Every booking request a visitor placed, whatever became of it since (answered, cancelled,
-- expired): the per-client and per-network hourly limits count these, so cancelling does not give
-- a sender its place in the hour back. Written by the placing INSERT itself (the trigger below),
-- deleted by the cron job once older than the window any limit reads.
CREATE TABLE booking_placements (
  kind TEXT NOT NULL,
  client_key TEXT NOT NULL,
  network_key TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX booking_placements_client_idx ON booking_placements (client_key, kind, created_at);
CREATE INDEX booking_placements_network_idx ON booking_placements (network_key, kind, created_at);
CREATE INDEX booking_placements_created_idx ON booking_placements (created_at);
CREATE TRIGGER bookings_placement_counted AFTER INSERT ON bookings
  WHEN NEW.client_key <> ''
BEGIN
  INSERT INTO booking_placements (kind, client_key, network_key, created_at)
  VALUES (NEW.kind, NEW.client_key, NEW.network_key, NEW.created_at);
END;

-- The network of each alert request, for the per-network hourly and waiting limits.
ALTER TABLE alert_requests ADD COLUMN network_key TEXT NOT NULL DEFAULT '';
CREATE INDEX alert_requests_network_idx ON alert_requests (network_key, created_at);
