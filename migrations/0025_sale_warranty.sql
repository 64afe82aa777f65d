-- Whether a pre-owned cart is sold as is or with a warranty (issue 55): its page says which, and
-- says to ask while the column is empty, since a page must not promise a warranty nobody gave or
-- call a sale "as is" that is not. New carts carry their maker's warranty (src/config/warranties.ts),
-- so the vehicle schema refuses the field on them. Empty for every existing row: nothing is assumed.
ALTER TABLE vehicles ADD COLUMN sale_warranty TEXT CHECK (sale_warranty IN ('as-is', 'warranty'));

-- The history triggers of migration 0022 name every field; they are made again with this one, so a
-- change of it is recorded like any other.
DROP TRIGGER vehicles_record_changes;
DROP TRIGGER vehicles_record_added;

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
    'colour', OLD.colour,
    'saleWarranty', OLD.sale_warranty
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
    'colour', NEW.colour,
    'saleWarranty', NEW.sale_warranty
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
    'colour', NEW.colour,
    'saleWarranty', NEW.sale_warranty
  )) AS new_value
  WHERE new_value.value IS NOT NULL
  ORDER BY new_value.id;
END;
