import { serviceBookingCalendarFile } from "~/features/services/service-booking-status.server";
import { findServiceBookingByToken } from "~/features/services/service-bookings.server";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/service-booking-calendar";

/** "Add to my calendar": the drop-off day as an .ics file, made fresh so it carries today's status. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const booking = await findServiceBookingByToken(context.get(workerContext).db, params.token);
  if (!booking) {
    return new Response("No such booking\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const file = serviceBookingCalendarFile(booking, params.token, new URL(request.url).origin, new Date());
  return new Response(file, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="service-${booking.reference}.ics"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
