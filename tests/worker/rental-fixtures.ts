import { env } from "cloudflare:test";
import { placeRentalHold } from "~/features/rentals/rental-bookings.server";
import { quoteRental } from "~/features/rentals/rental-quote";
import { database } from "~/server/db.server";
import { anotherCustomer } from "./people";

/**
 * A six-seater rental placed straight into the store, as the engine holds it once a request is
 * through: for tests about what happens to a booking afterwards (staff's answers, notices, the
 * customer's cancel), not about taking the request. Its quote is the rental quote's, taxes included.
 */
export async function heldSixSeater({
  start,
  days = 3,
  customer = anotherCustomer(),
}: {
  start: string;
  days?: number;
  customer?: { firstName: string; lastName: string; email: string; phone: string };
}): Promise<{ reference: string; token: string }> {
  // The price the booking page would have shown, taxes and fees included.
  const quote = quoteRental({ plan: "six-seater", start, days, delivery: { type: "pickup" }, drivers: 0 }, new Date());
  const held = await placeRentalHold(database(env.DB), {
    delivery: { type: "pickup" },
    drivers: 0,
    quote,
    ...customer,
  });
  if (!held.placed) throw new Error("not placed");
  return held;
}

/** Moves a booking's placing back by `hours`, as if it had waited that long for an answer. */
export async function placedHoursAgo(reference: string, hours: number): Promise<void> {
  const createdAt = new Date(Date.now() - hours * 3_600_000).toISOString();
  await env.DB.prepare("UPDATE bookings SET created_at = ? WHERE reference = ?").bind(createdAt, reference).run();
}
