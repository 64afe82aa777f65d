-- Staff keep the catalogue from their phone (issue 46). The staff pages, `npm run catalogue` and
-- `npm run bookings -- sold` all change vehicles through the statements of
-- src/features/catalogue-upkeep/catalogue-statements.server.ts; this migration gives those statements what
-- they need: a listing status, the staff's own fields, a version per vehicle for refusing a save over
-- someone's newer change, and a history of every change.

-- draft: being built by staff, never on a public page, feed or API answer (published once it has a
-- price and a photo); hidden: taken off the site by staff (out for service, say); for-sale and sold
-- are the listed vehicles, shown as today. A listed vehicle's status follows its stock (the trigger
-- below): none on the lot is sold, as "Out of Stock" already said. Existing rows are all listed, so
-- every public page shows what it showed before.
ALTER TABLE vehicles ADD COLUMN status TEXT NOT NULL DEFAULT 'for-sale'
  CHECK (status IN ('draft', 'for-sale', 'sold', 'hidden'));
UPDATE vehicles SET status = 'sold' WHERE in_stock = 0;

-- The dealer's stock or serial number: shown to staff only (never in the Vehicle the site reads).
ALTER TABLE vehicles ADD COLUMN stock_number TEXT;
-- The colour shoppers see. Condition is is_new and seats are specifications.seatingCapacity already.
ALTER TABLE vehicles ADD COLUMN colour TEXT;

-- "Time to line": created_at is when a vehicle was added; published_at when it first went on the
-- site (kept through hiding and showing again). Existing rows went on the site when they were added.
ALTER TABLE vehicles ADD COLUMN published_at TEXT;
UPDATE vehicles SET published_at = created_at;

-- Moved by every change made through the statements (and by a reservation's sale, below). A staff
-- form carries the version it was shown with, and its UPDATE is guarded by it: a save over someone's
-- newer change finds no row and writes nothing.
ALTER TABLE vehicles ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

-- Who made the latest change: a staff member's Access address, `terminal` for the commands, or
-- `import <file name>`. Every write sets it in the same statement, which is how the history trigger
-- knows who to record without a second statement that could be left out.
ALTER TABLE vehicles ADD COLUMN changed_by TEXT NOT NULL DEFAULT 'terminal';

-- One row per field a change moved, rather than one row with a JSON of fields: `history <id>` and
-- the staff page print field by field, and a field's own story ("every price this cart had") is a
-- plain WHERE. Rows of one change share the vehicle's version after it. Values are kept as stored
-- (JSON text for lists and specifications). Rows outlive their vehicle: a removal is itself a change.
CREATE TABLE vehicle_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  vehicle_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  changed_by TEXT NOT NULL,
  changed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  field TEXT NOT NULL,
  before,
  after
);
CREATE INDEX vehicle_changes_vehicle_idx ON vehicle_changes (vehicle_id, id);

-- Written by the database, not by each statement: no writer can change a vehicle without its history.
-- Field names are the Vehicle's (price, unitsInStock), as staff see them in the export file. The
-- fields go through a JSON object rather than a UNION of SELECTs, which D1 caps at a few terms; JSON
-- text columns (images, specifications) go in as text and come out as the same text.
CREATE TRIGGER vehicles_record_changes AFTER UPDATE ON vehicles
BEGIN
  INSERT INTO vehicle_changes (vehicle_id, version, changed_by, field, before, after)
  SELECT NEW.id, NEW.version, NEW.changed_by, old_value.key, old_value.value, new_value.value
  FROM json_each(json_object(
    'name', OLD.name,
    'brand', OLD.brand,
    'category', OLD.category,
    'price', OLD.price,
    'description', OLD.description,
    'images', OLD.images,
    'externalUrl', OLD.external_url,
    'inStock', OLD.in_stock,
    'isNew', OLD.is_new,
    'features', OLD.features,
    'specifications', OLD.specifications,
    'exampleFields', OLD.example_fields,
    'roadClass', OLD.road_class,
    'unitsInStock', OLD.units_in_stock,
    'status', OLD.status,
    'stockNumber', OLD.stock_number,
    'colour', OLD.colour
  )) AS old_value
  JOIN json_each(json_object(
    'name', NEW.name,
    'brand', NEW.brand,
    'category', NEW.category,
    'price', NEW.price,
    'description', NEW.description,
    'images', NEW.images,
    'externalUrl', NEW.external_url,
    'inStock', NEW.in_stock,
    'isNew', NEW.is_new,
    'features', NEW.features,
    'specifications', NEW.specifications,
    'exampleFields', NEW.example_fields,
    'roadClass', NEW.road_class,
    'unitsInStock', NEW.units_in_stock,
    'status', NEW.status,
    'stockNumber', NEW.stock_number,
    'colour', NEW.colour
  )) AS new_value ON new_value.key = old_value.key
  WHERE old_value.value IS NOT new_value.value
  ORDER BY old_value.id;
END;

CREATE TRIGGER vehicles_record_added AFTER INSERT ON vehicles
BEGIN
  INSERT INTO vehicle_changes (vehicle_id, version, changed_by, field, before, after)
  SELECT NEW.id, NEW.version, NEW.changed_by, new_value.key, NULL, new_value.value
  FROM json_each(json_object(
    'name', NEW.name,
    'brand', NEW.brand,
    'category', NEW.category,
    'price', NEW.price,
    'description', NEW.description,
    'images', NEW.images,
    'externalUrl', NEW.external_url,
    'inStock', NEW.in_stock,
    'isNew', NEW.is_new,
    'features', NEW.features,
    'specifications', NEW.specifications,
    'exampleFields', NEW.example_fields,
    'roadClass', NEW.road_class,
    'unitsInStock', NEW.units_in_stock,
    'status', NEW.status,
    'stockNumber', NEW.stock_number,
    'colour', NEW.colour
  )) AS new_value
  WHERE new_value.value IS NOT NULL
  ORDER BY new_value.id;
END;

-- A listed vehicle is for sale while it is on the lot and sold when none is left: one rule whoever
-- changes the stock (a walk-in sale, a reservation's sale, an import restocking a sold cart). Drafts
-- and hidden vehicles keep their status: staff publish or show them. The inner UPDATE is recorded
-- by the history trigger as part of the same change (same version and author).
CREATE TRIGGER vehicles_listed_status_follows_stock AFTER UPDATE OF in_stock, status ON vehicles
WHEN NEW.status IN ('for-sale', 'sold')
  AND NEW.status IS NOT (CASE WHEN NEW.in_stock = 1 THEN 'for-sale' ELSE 'sold' END)
BEGIN
  UPDATE vehicles SET status = CASE WHEN NEW.in_stock = 1 THEN 'for-sale' ELSE 'sold' END WHERE id = NEW.id;
END;

-- A reservation's sale is a change of the vehicle like any other: it moves the vehicle's version (a
-- form shown before it is stale) and is recorded under whoever marked it sold.
DROP TRIGGER bookings_sold_takes_unit;
CREATE TRIGGER bookings_sold_takes_unit AFTER UPDATE OF status ON bookings
WHEN NEW.kind = 'reservation' AND NEW.status = 'sold' AND OLD.status IS NOT 'sold'
BEGIN
  UPDATE vehicles
    SET units_in_stock = max(0, units_in_stock - 1),
        in_stock = CASE WHEN units_in_stock - 1 > 0 THEN 1 ELSE 0 END,
        version = version + 1,
        changed_by = coalesce(NEW.decided_by, 'terminal'),
        updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    WHERE id = NEW.vehicle_id;
END;

CREATE INDEX vehicles_status_idx ON vehicles (status);
