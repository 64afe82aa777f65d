-- Online cart rentals (src/features/rentals/rental-holds.server.ts). A class's capacity on a day is
-- its fleet count less the maintenance blocks covering that day; a hold is stored only by a single
-- conditional INSERT that finds every one of its days below capacity, so two renters racing for the
-- last cart cannot both get it: D1 runs one statement at a time, and the check and the write are
-- the same statement.

-- How many carts of each class the dealer rents out. Seeded from the site config on setup, and only
-- when empty: after that staff's `fleet set` is the one source.
CREATE TABLE rental_fleet (
  plan TEXT PRIMARY KEY NOT NULL,
  carts INTEGER NOT NULL CHECK (carts >= 0)
);

-- One row takes one cart of a class out of service (maintenance) from first_day up to end_day,
-- which is exclusive like a hold's, so both are counted on a day by the same comparison. The id
-- never comes back after a removal (AUTOINCREMENT), so staff removing a block twice by its number
-- cannot remove someone else's.
CREATE TABLE rental_blocks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  plan TEXT NOT NULL,
  first_day TEXT NOT NULL CHECK (date(first_day) IS first_day),
  end_day TEXT NOT NULL CHECK (date(end_day) IS end_day AND end_day > first_day),
  note TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX rental_blocks_plan_idx ON rental_blocks (plan, first_day, end_day);

-- A renter's hold on one cart of a class for days start_day .. end_day - 1. It is active (takes a
-- cart) while requested or confirmed. The renter's private link carries a token only its SHA-256
-- lands here, so a leaked copy of the table cannot be used to cancel anyone's rental. `request`
-- (delivery, drivers) and `quote` (the price as quoted) are JSON kept as the renter saw them.
CREATE TABLE rental_holds (
  reference TEXT PRIMARY KEY NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  plan TEXT NOT NULL,
  start_day TEXT NOT NULL CHECK (date(start_day) IS start_day),
  end_day TEXT NOT NULL CHECK (end_day = date(start_day, '+' || days || ' days')),
  days INTEGER NOT NULL CHECK (days >= 1),
  status TEXT NOT NULL DEFAULT 'requested'
    CHECK (status IN ('requested', 'confirmed', 'declined', 'cancelled', 'expired')),
  request TEXT NOT NULL CHECK (json_valid(request)),
  quote TEXT NOT NULL CHECK (json_valid(quote)),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- When staff confirmed or declined it, or it was cancelled or expired.
  decided_at TEXT
);
-- The capacity check counts, per day, a class's active holds that started on or before it and end
-- after it: this index answers that without reading the rows.
CREATE INDEX rental_holds_capacity_idx ON rental_holds (plan, status, start_day, end_day);
-- The cron job's search for requests staff have left unanswered too long.
CREATE INDEX rental_holds_waiting_idx ON rental_holds (status, created_at);
