-- Which of a vehicle's shown values are examples the dealer has not confirmed yet, as a JSON list of
-- field paths ("description", "features", "specifications.payload", ...). Existing rows are the
-- staff's own data, so they start with no marks; only the seed catalogue (scripts/local-site/db-setup.ts)
-- brings marks. Staff clear a mark by removing it from the list and importing (README).
ALTER TABLE vehicles ADD COLUMN example_fields TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(example_fields));
