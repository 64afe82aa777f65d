import { bookingCalendarFile } from "~/features/rentals/booking-status.server";
import { findHoldByToken } from "~/features/rentals/rental-bookings.server";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/rental-booking-calendar";

/** "Add to my calendar": the booking as an .ics file, made fresh so it carries today's status. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const hold = await findHoldByToken(context.get(workerContext).db, params.token);
  if (!hold) {
    return new Response("No such booking\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const file = bookingCalendarFile(hold, params.token, new URL(request.url).origin, new Date());
  return new Response(file, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="rental-${hold.reference}.ics"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
