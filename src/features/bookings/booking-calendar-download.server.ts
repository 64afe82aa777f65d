import type { Database } from "~/server/db.server";
import type { BookingKindFlow } from "./booking-flow.server";
import { findBookingByToken } from "./capacity.server";

const privateFile = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/**
 * "Add to my calendar" for any kind with a day: the booking a private link opens, as the kind's
 * calendar file, made fresh so it carries today's status (a cancelled booking's file cancels the
 * event). A token nobody holds is a plain 404.
 */
export async function calendarDownload(
  flow: Pick<BookingKindFlow, "kind" | "calendarFile">,
  db: Database,
  token: string,
  request: Request,
): Promise<Response> {
  const booking = flow.calendarFile ? await findBookingByToken(db, token, flow.kind) : null;
  if (!booking || !flow.calendarFile) {
    return new Response("No such booking\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...privateFile },
    });
  }
  const file = flow.calendarFile(booking, token, new URL(request.url).origin, new Date());
  return new Response(file.content, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      ...privateFile,
    },
  });
}
