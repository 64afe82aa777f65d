import { storedPdf } from "~/features/rentals/paperwork.server";
import { workerContext } from "~/server/context.server";
import { normalReference } from "~/server/booking-keys.server";
import { requireStaff } from "~/server/staff-access.server";
import type { Route } from "./+types/staff-paperwork-pdf";

/** One signer's signed rental paperwork, for staff (behind Access and the Worker's own check). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const worker = context.get(workerContext);
  await requireStaff(request, worker.env);
  const file = await storedPdf(worker, normalReference(params.reference), params.signer);
  return file ?? new Response("Not signed.\n", { status: 404, headers: { "Cache-Control": "no-store" } });
}
