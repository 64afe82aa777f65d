const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** Whole US dollars, e.g. "$11,995". */
export function formatPrice(amount: number): string {
  return usd.format(amount);
}

/** "23.4 miles", "1 mile", or "under a mile" where a rounded 0 would read as a mistake. */
export function formatMiles(miles: number): string {
  if (miles === 0) return "under a mile";
  return `${miles} ${miles === 1 ? "mile" : "miles"}`;
}

/** "seatingCapacity" → "Seating Capacity": specification keys as a visitor reads them. */
export function specificationLabel(key: string): string {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** "14:00" → "2:00 PM": a time of day as the policies write it. */
export function formatTimeOfDay(time: string): string {
  const [hourText = "0", minute = "00"] = time.split(":");
  const hour = Number(hourText);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour >= 12 ? "PM" : "AM"}`;
}

const usdCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** Dollars and cents, e.g. "$1,598.36"; whole amounts keep their cents ("$1,050.00") in a price breakdown. */
export function formatMoney(amount: number): string {
  return usdCents.format(amount);
}

/** A span of whole minutes as staff read it: "45 min", "31 h 20 min", "2 days 4 h". */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days ${hours % 24} h`;
}
