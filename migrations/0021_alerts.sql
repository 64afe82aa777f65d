-- Alerts (issue 40): a visitor asks to hear when a cart matching an inventory search arrives, when
-- a vehicle's price drops or it is back on sale, or when a rental class frees up on the days they
-- wanted (the waiting list). Nothing but one confirmation e-mail goes out until
-- the visitor confirms (double opt-in); src/config/alert-terms.ts says how long each row is kept.

CREATE TABLE alerts (
  id TEXT PRIMARY KEY NOT NULL,
  email TEXT NOT NULL,
  -- The address as its mailbox receives it (person-keys.server.ts): what the per-address limit counts.
  email_key TEXT NOT NULL,
  -- The sender's key (client-key.server.ts): what the per-client hourly limit counts.
  client_key TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('search', 'price', 'back', 'rental')),
  -- What is watched, as the API took it: the inventory filters, the vehicle's id, or a rental's class, first day and days.
  subject TEXT NOT NULL CHECK (json_valid(subject)),
  -- The same in one canonical line, for staff's counts and to refuse a second identical alert.
  subject_key TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'unconfirmed' CHECK (status IN ('unconfirmed', 'confirmed')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  confirmed_at TEXT,
  -- When a confirmed alert ends unless renewed; the cron job deletes it then.
  ends_at TEXT,
  -- The last alert e-mail made for it: at most one a day.
  last_mailed_at TEXT
);
CREATE INDEX alerts_email_idx ON alerts (email_key, created_at);
CREATE INDEX alerts_client_idx ON alerts (client_key, created_at);
CREATE INDEX alerts_created_idx ON alerts (created_at);
CREATE INDEX alerts_status_idx ON alerts (status, kind);
-- One live alert per address and subject: asking twice changes nothing.
CREATE UNIQUE INDEX alerts_subject_idx ON alerts (email_key, kind, subject_key);

-- The tokens of the private links (confirm, unsubscribe or renew), stored only as SHA-256 hashes.
CREATE TABLE alert_tokens (
  hash TEXT PRIMARY KEY NOT NULL,
  alert_id TEXT NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('confirm', 'manage')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX alert_tokens_alert_idx ON alert_tokens (alert_id);

-- Each thing an alert has matched, once: the primary key makes a second record of one match
-- impossible, and `mail_id` is set once, by the statement that puts it in an e-mail ('baseline'
-- for what already matched when the visitor confirmed, which is never sent).
CREATE TABLE alert_matches (
  alert_id TEXT NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  match_key TEXT NOT NULL,
  -- The vehicle it is about (none for a rental), and the site's page to open.
  vehicle_id TEXT,
  link TEXT NOT NULL,
  -- Why it matched, in the site's words, and the price then.
  reason TEXT NOT NULL,
  price INTEGER,
  found_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  mail_id TEXT,
  PRIMARY KEY (alert_id, match_key)
);
CREATE INDEX alert_matches_mail_idx ON alert_matches (mail_id);

-- The e-mails of alerts, stored before they are queued (like contact messages): the confirmation
-- and each alert. `private` holds the links with tokens and is erased the moment the e-mail is sent
-- or given up.
CREATE TABLE alert_mail (
  id TEXT PRIMARY KEY NOT NULL,
  alert_id TEXT NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('confirm', 'alert')),
  private TEXT CHECK (private IS NULL OR json_valid(private)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  enqueued_at TEXT,
  claimed_until TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  sent_at TEXT,
  error TEXT
);
CREATE INDEX alert_mail_alert_idx ON alert_mail (alert_id);
CREATE INDEX alert_mail_unsent_idx ON alert_mail (sent_at, enqueued_at);
