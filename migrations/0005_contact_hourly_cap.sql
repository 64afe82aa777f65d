-- The global cap on contact messages per clock hour (UTC): one row per hour that saw a message.
-- `messages` is raised by a conditional upsert, so concurrent senders cannot pass the cap;
-- `notice_sent_at` is set by the one request that e-mails staff that the cap was reached.
CREATE TABLE contact_hourly_counts (
  hour TEXT PRIMARY KEY NOT NULL,
  messages INTEGER NOT NULL DEFAULT 0,
  notice_sent_at TEXT
);
