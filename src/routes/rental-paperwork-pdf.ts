import { signedPdfFile } from "~/features/rentals/paperwork.server";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/rental-paperwork-pdf";

/** The signed paperwork's PDF, through the signer's own link only. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = await signedPdfFile(context.get(workerContext), params.token);
  return file ?? new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
}
