import { visitorLimits } from "~/config/visitor-limits";
import { takeDraftPhoto } from "~/features/trade-ins/trade-in-draft-intake.server";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/trade-in-photo";

/**
 * One photo of a trade-in sent ahead of its form by the trade-in page's island
 * (src/features/photos/photo-travel.ts states the contract): it answers `{ message }` in JSON.
 */
/** Only posts: a GET (a link followed, a reload) changes nothing and is told so. */
export function loader() {
  return new Response("This address takes one photo posted by the trade-in page.\n", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await takeDraftPhoto(context.get(workerContext).env, request);
  return Response.json(
    { message: outcome.message },
    {
      status: outcome.status,
      headers: {
        "Cache-Control": "no-store",
        ...(outcome.status === 429 ? { "Retry-After": String(visitorLimits.windowSeconds) } : {}),
      },
    },
  );
}
