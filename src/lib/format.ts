const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** Whole US dollars, e.g. "$11,995". */
export function formatPrice(amount: number): string {
  return usd.format(amount);
}

/** "seatingCapacity" → "Seating Capacity": specification keys as a visitor reads them. */
export function specificationLabel(key: string): string {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
