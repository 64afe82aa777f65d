import { calendarDownload } from "~/features/bookings/booking-calendar-download.server";
import { serviceFlow } from "~/features/services/service-intake.server";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/service-booking-calendar";

/** "Add to my calendar": the drop-off day as an .ics file. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return calendarDownload(serviceFlow, context.get(workerContext).db, params.token, request);
}
