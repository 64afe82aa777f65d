-- A cart a buyer holds keeps its units: no change to the catalogue (a staff import, a hand-written
-- UPDATE) may leave a vehicle with fewer units for sale than reservations holding it, which would
-- overbook those buyers without a word. Staff decline the reservation or mark it sold first; a sale
-- takes its unit in the same statement that ends the hold, so it passes.
CREATE TRIGGER vehicles_keep_held_units BEFORE UPDATE OF in_stock, units_in_stock ON vehicles
WHEN (CASE WHEN NEW.in_stock = 1 THEN NEW.units_in_stock ELSE 0 END) <
  (SELECT count(*) FROM bookings
    WHERE pool = 'vehicle:' || NEW.id AND status IN ('requested', 'confirmed'))
BEGIN
  SELECT RAISE(ABORT, 'held units: a buyer holds a unit this change takes away');
END;
