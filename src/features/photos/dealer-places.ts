/**
 * The places the dealer's own photos are shown, named as staff type them in the photo command
 * (`npm run catalogue -- photos add showroom FILE`): the home page, /showroom, /about and /contact.
 * The list matches the CHECK of migration 0014;
 * the vehicle schema refuses these names as vehicle ids, so a name always means one thing.
 */
export const dealerPlaces = ["home", "showroom", "about", "contact"] as const;
export type DealerPlace = (typeof dealerPlaces)[number];

export function isDealerPlace(name: string): name is DealerPlace {
  return (dealerPlaces as readonly string[]).includes(name);
}
