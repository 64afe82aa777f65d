import { site } from "~/config/site";
import { towns } from "~/config/towns";
import { pickupChoice } from "~/lib/delivery-choice";

const townsByName = [...towns].sort((a, b) => a.name.localeCompare(b.name));

/**
 * The options of every "Pickup or delivery" select (a rental, a cart's price, a reservation): the
 * showroom first, then each town we serve by name, valued by its slug.
 */
export function DeliveryOptions() {
  return (
    <>
      <option value={pickupChoice}>Pickup at {site.deliveryOrigins[0]!.name}</option>
      <optgroup label="Delivery to">
        {townsByName.map((town) => (
          <option key={town.slug} value={town.slug}>
            {town.name}
          </option>
        ))}
      </optgroup>
    </>
  );
}
