/**
 * What the trade-in form offers for the cart a customer owns (issue 58): the option lists are data,
 * read by the form, the server's checks and the staff pages, so a choice is named in one place.
 */

/** The makes a dealer in the region sees traded in; "Other" lets any cart through with its name in the model. */
export const tradeInMakes = [
  "Club Car",
  "E-Z-GO",
  "Yamaha",
  "DENAGO",
  "EVOLUTION",
  "ICON",
  "Advanced EV",
  "Star EV",
  "Other",
] as const;

export const tradeInPowers = ["electric", "gas"] as const;
export type TradeInPower = (typeof tradeInPowers)[number];
export const tradeInPowerLabels: Record<TradeInPower, string> = { electric: "Electric", gas: "Gas" };

/** Battery types as owners know them; "none" is a gas cart's (its starter battery is not asked for). */
export const tradeInBatteries = ["lead-acid", "lithium", "agm", "unknown", "none"] as const;
export type TradeInBattery = (typeof tradeInBatteries)[number];
export const tradeInBatteryLabels: Record<TradeInBattery, string> = {
  "lead-acid": "Lead-acid (flooded, water added)",
  lithium: "Lithium",
  agm: "AGM (sealed lead-acid)",
  unknown: "Not sure",
  none: "None (gas cart)",
};

export const tradeInSeats = [2, 4, 6, 8] as const;

/** Model years the form takes: golf carts older than this are rarely worth a trade. */
export const tradeInYears = { oldest: 1990, newestAhead: 1 } as const;

/** The most photos one request carries, and what the first ones ask for by name. */
export const tradeInPhotoLabels = [
  "Serial number plate",
  "Battery date codes",
  "Front of the cart",
  "Back of the cart",
  "Seats and upholstery",
  "Anything else (damage, extras)",
] as const;
export const maxTradeInPhotos = tradeInPhotoLabels.length;

/** The longest a staff answer may say the offer holds, in days, and what the form suggests. */
export const tradeInOfferDays = { min: 1, max: 90, suggested: 14 } as const;

/** Text lengths the form and the server both hold to. */
export const tradeInTextLimits = { model: 60, serial: 40, conditionNotes: 2000, offerNote: 1000 } as const;

/** What every link to the trade-in page says (the inventory, each vehicle page, the contact page). */
export const tradeInInvite = "Have a cart to trade? Value your trade";
