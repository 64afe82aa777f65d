import { addOnePhotoFromStaffPage } from "~/features/staff/staff-vehicle.server";
import { workerContext } from "~/server/context.server";
import { staffPageForm } from "~/server/staff-form.server";
import { requireStaff } from "~/server/staff-access.server";
import type { Route } from "./+types/staff-vehicle-photo";

/**
 * One photo added to a vehicle, posted by its staff page's island (src/features/photos/photo-travel.ts
 * states the contract): behind the same Access check and form reading as the page's own action, it
 * answers `{ message }` in JSON with the status the page would have shown.
 */
/** Only posts: there is nothing to read here, so a GET (a link followed, a reload) is told so, after the same check. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context.get(workerContext).env);
  return new Response("This address takes one photo posted by a vehicle's staff page.\n", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const worker = context.get(workerContext);
  const staff = await requireStaff(request, worker.env);
  const form = await staffPageForm(request);
  const outcome = await addOnePhotoFromStaffPage(worker, params.id, form, staff.email);
  return Response.json(
    { message: outcome.message },
    { status: outcome.status, headers: { "Cache-Control": "no-store" } },
  );
}
