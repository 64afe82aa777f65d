import { robotCheckKey } from "~/features/contact/turnstile.server";
import { data, redirectDocument } from "react-router";
import { serviceBookingPageData } from "~/features/services/service-booking-page.server";
import { serviceBookingCopy } from "~/features/services/service-booking-content";
import { takeServiceRequest } from "~/features/services/service-intake.server";
import { serviceBookingBase, serviceBookingStatusPath } from "~/features/services/service-paths";
import { ServiceBookingPage, type ServiceBookingRefusal } from "~/features/services/ServiceBookingPage";
import { pageMeta } from "~/seo/meta";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/service-booking";

/** The calendar is this moment's slots: a cached copy would offer days already full. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db, env } = context.get(workerContext);
  return { ...(await serviceBookingPageData(db, url.searchParams, new Date())), robotCheckKey: robotCheckKey(env) };
}

/** The booking without JavaScript: the same intake as POST /api/service/requests, answered as the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await takeServiceRequest(context.get(workerContext).env, request, "form");
  if (outcome.ok) return redirectDocument(`${serviceBookingStatusPath(outcome.token)}?new=1`, 303);
  const refusal: ServiceBookingRefusal = { error: outcome.error, fields: outcome.fields, values: outcome.sent ?? {} };
  const headers: HeadersInit = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
  return data(refusal, { status: outcome.status, headers });
}

export function meta() {
  return pageMeta({
    title: "Book a Golf Cart Service Drop-off",
    description: serviceBookingCopy.lead,
    path: serviceBookingBase,
    breadcrumb: "Book a service",
    trail: [{ name: "Services", path: "/services" }],
  });
}

export default function ServiceBooking({ loaderData, actionData }: Route.ComponentProps) {
  return <ServiceBookingPage page={loaderData} refusal={actionData} robotCheckKey={loaderData.robotCheckKey} />;
}
