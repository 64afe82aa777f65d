import { testDriveCalendar } from "~/features/test-drives/test-drive-status.server";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/test-drive-calendar";

/** "Add to my calendar": the drive's hour as an .ics file, made fresh so it carries today's status. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const file = await testDriveCalendar(
    context.get(workerContext).db,
    params.token,
    new URL(request.url).origin,
    new Date(),
  );
  if (!file) {
    return new Response("No such booking\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(file.content, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
