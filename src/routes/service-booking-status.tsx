import { data, isRouteErrorResponse } from "react-router";
import { site } from "~/config/site";
import { findServiceBookingByToken } from "~/features/services/service-bookings.server";
import { serviceBookingView } from "~/features/services/service-booking-status.server";
import { ServiceBookingStatusPage } from "~/features/services/ServiceBookingStatusPage";
import { workerContext } from "~/server/context.server";
import { NotFound } from "~/shell/NotFound";
import type { Route } from "./+types/service-booking-status";

/** A private page about one service booking: never stored by the edge cache or the browser's. */
export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const booking = await findServiceBookingByToken(context.get(workerContext).db, params.token);
  if (!booking) throw data(null, { status: 404 });
  return { booking: serviceBookingView(booking, params.token), isNew: url.searchParams.has("new") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Your service booking ${loaderData.booking.reference}` : "404 Page Not Found";
  return [{ title: `${title} | ${site.name}` }, { name: "robots", content: "noindex" }];
}

/** A token nobody holds gets the site's not-found page, titled and unindexed like any other. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}

export default function ServiceBookingStatus({ loaderData }: Route.ComponentProps) {
  return <ServiceBookingStatusPage booking={loaderData.booking} isNew={loaderData.isNew} />;
}
