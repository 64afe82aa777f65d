import { calendarDownload } from "~/features/bookings/booking-calendar-download.server";
import { rentalFlow } from "~/features/rentals/rental-intake.server";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/rental-booking-calendar";

/** "Add to my calendar": the booking as an .ics file. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return calendarDownload(rentalFlow, context.get(workerContext).db, params.token, request);
}
