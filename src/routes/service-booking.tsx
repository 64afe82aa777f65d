import { robotCheckKey } from "~/server/turnstile.server";
import { bookingFormAnswer } from "~/features/bookings/booking-flow.server";
import { serviceBookingPageData } from "~/features/services/service-booking-page.server";
import { serviceBookingCopy } from "~/features/services/service-booking-content";
import { serviceFlow } from "~/features/services/service-intake.server";
import { serviceBookingBase } from "~/features/services/service-paths";
import { ServiceBookingPage } from "~/features/services/ServiceBookingPage";
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
  return bookingFormAnswer(serviceFlow, context.get(workerContext).env, request);
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
