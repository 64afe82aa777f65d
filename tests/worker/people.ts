/**
 * A different customer each call: tests about capacity, rates and prices place many bookings, and
 * one customer's requests are held to the per-person limit, which has tests of its own.
 */
let customers = 0;

export function anotherCustomer(): { firstName: string; lastName: string; email: string; phone: string } {
  customers += 1;
  const serial = String(customers % 10_000).padStart(4, "0");
  return { firstName: "Ada", lastName: "Lovelace", email: `ada.${serial}@example.org`, phone: `570-555-${serial}` };
}
