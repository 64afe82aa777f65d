import { calendarDownload } from "~/features/bookings/booking-calendar-download.server";
import { testDriveFlow } from "~/features/test-drives/test-drive-flow.server";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/test-drive-calendar";

/** "Add to my calendar": the drive's hour as an .ics file. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return calendarDownload(testDriveFlow, context.get(workerContext).db, params.token, request);
}
