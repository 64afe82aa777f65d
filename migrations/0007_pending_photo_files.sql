-- Photos whose files in R2 are being written or removed by the staff's photo command
-- (scripts/staff/photo-commands.ts). Wrangler cannot list an R2 bucket, so this table is how a later
-- run finds files a failed run left behind. A row is written before the first file is uploaded
-- (or, for a removal, in the same batch that takes the photo off the vehicle) and deleted once the
-- vehicle's list and the bucket agree. A run that fails marks its rows 'abandoned'; the next run
-- deletes the files of abandoned and removed photos no vehicle lists, and of 'adding' ones over an
-- hour old (a run that was stopped: a live one takes seconds). A row whose photo a vehicle does
-- list is only a leftover note and is dropped.
CREATE TABLE pending_photo_files (
  -- The photo's entry in a vehicle's images: /photos/{vehicleId}/{hash}-{width}x{height}.jpg
  path TEXT PRIMARY KEY NOT NULL,
  vehicle_id TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('adding', 'abandoned', 'removing')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
