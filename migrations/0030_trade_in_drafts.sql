-- Trade-in photos sent one by one before the form is (issue 58): the trade-in page's island posts each
-- photo, made smaller on the phone, under the draft token the page rendered into its form. Only the
-- token's SHA-256 is stored (like a booking's link token). Each row is one photo stored in the private
-- PAPERWORK bucket under `trade-in-drafts/<draft_hash>/`; the form's submit takes the newest per slot and
-- deletes the draft's rows and objects; the cron job deletes any draft photo older than 24 hours.
CREATE TABLE trade_in_draft_photos (
  photo_key TEXT PRIMARY KEY NOT NULL,
  draft_hash TEXT NOT NULL,
  slot TEXT NOT NULL CHECK (slot IN ('photo1', 'photo2', 'photo3', 'photo4', 'photo5', 'photo6')),
  -- The sender's client, for the hourly limit; the row itself lives at most a day.
  client_key TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX trade_in_draft_photos_draft_idx ON trade_in_draft_photos (draft_hash, slot);
CREATE INDEX trade_in_draft_photos_client_idx ON trade_in_draft_photos (client_key, created_at);
CREATE INDEX trade_in_draft_photos_created_idx ON trade_in_draft_photos (created_at);
