import { tradeInPhotoKeyAt } from "~/features/staff/staff-trade-ins.server";
import { tradeInPhotoResponse } from "~/features/trade-ins/trade-in-photos.server";
import { workerContext } from "~/server/context.server";
import { requireStaff } from "~/server/staff-access.server";
import type { Route } from "./+types/staff-trade-in-photo";

const gone = () => new Response("No such photo.\n", { status: 404, headers: { "Cache-Control": "no-store" } });

/** One photo of a trade-in, from the private bucket, for staff only (behind Access and the Worker's own check). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const worker = context.get(workerContext);
  await requireStaff(request, worker.env);
  const number = /^\d{1,2}$/.test(params.number) ? Number(params.number) : 0;
  const key = number > 0 ? await tradeInPhotoKeyAt(worker, params.id, number) : null;
  return (key ? await tradeInPhotoResponse(worker.env, key) : null) ?? gone();
}
