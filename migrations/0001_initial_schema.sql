-- Vehicles shown in the catalogue. Lists and the free-form specifications are JSON text.
CREATE TABLE vehicles (
  id TEXT PRIMARY KEY NOT NULL CHECK (id GLOB '[a-z0-9]*' AND id NOT GLOB '*[^a-z0-9-]*'),
  name TEXT NOT NULL,
  brand TEXT NOT NULL,
  category TEXT NOT NULL,
  price INTEGER NOT NULL CHECK (price >= 0),
  description TEXT NOT NULL,
  images TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(images)),
  external_url TEXT,
  in_stock INTEGER NOT NULL CHECK (in_stock IN (0, 1)),
  is_new INTEGER NOT NULL CHECK (is_new IN (0, 1)),
  features TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(features)),
  specifications TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(specifications)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX vehicles_brand_idx ON vehicles (brand);

-- Every contact message is stored before it is queued, so a failed e-mail never loses it.
CREATE TABLE contact_messages (
  id TEXT PRIMARY KEY NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  interest TEXT NOT NULL CHECK (interest IN ('sales', 'service', 'parts', 'general')),
  message TEXT NOT NULL,
  vehicle_id TEXT,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  enqueued_at TEXT,
  sent_at TEXT
);
CREATE INDEX contact_messages_status_idx ON contact_messages (status, updated_at);
