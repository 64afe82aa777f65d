import { data, redirectDocument } from "react-router";
import { tradeInPath } from "~/config/pages";
import { getVehicle } from "~/features/catalogue/catalogue.server";
import { vehicleIdSchema } from "~/features/catalogue/vehicle";
import { takeTradeIn } from "~/features/trade-ins/trade-in-intake.server";
import { TradeInPage } from "~/features/trade-ins/TradeInPage";
import { tradeInPageWords } from "~/features/trade-ins/trade-in-words";
import { pageMeta } from "~/seo/meta";
import { workerContext } from "~/server/context.server";
import { robotCheckKey } from "~/server/turnstile.server";
import type { Route } from "./+types/trade-in";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db, env } = context.get(workerContext);
  const requested = vehicleIdSchema.safeParse(url.searchParams.get("vehicle") ?? "");
  const vehicle = requested.success ? await getVehicle(db, requested.data) : null;
  return {
    wanted: vehicle ? { id: vehicle.id, name: vehicle.name } : null,
    sent: url.searchParams.has("sent"),
    turnstileSiteKey: robotCheckKey(env),
  };
}

/** The one plain form (no JavaScript): taken, it shows the page's "sent" state; refused, the form again. */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await takeTradeIn(context.get(workerContext).env, request);
  if (outcome.accepted) return redirectDocument(`${tradeInPath}?sent`, 303);
  const { status, error, fields, values, photos, retryAfterSeconds } = outcome;
  const headers: HeadersInit = retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : {};
  return data({ error, fields, values, draft: photos.draft, kept: photos.kept }, { status, headers });
}

export function meta() {
  return pageMeta({
    title: tradeInPageWords.title,
    description: tradeInPageWords.lead,
    path: tradeInPath,
    breadcrumb: tradeInPageWords.title,
  });
}

export default function TradeIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <TradeInPage
      sent={loaderData.sent}
      error={actionData?.error}
      errors={actionData?.fields}
      values={actionData?.values}
      draft={actionData?.draft}
      kept={actionData?.kept}
      wanted={loaderData.wanted}
      turnstileSiteKey={loaderData.turnstileSiteKey}
    />
  );
}
