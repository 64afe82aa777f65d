import { data } from "react-router";
import { findServiceBookingByToken } from "~/features/services/service-bookings.server";
import { serviceBookingView } from "~/features/services/service-booking-status.server";
import { ServiceBookingStatusPage } from "~/features/services/ServiceBookingStatusPage";
import { workerContext } from "~/server/context.server";
import { NotFoundBoundary, privatePageHeaders, privatePageMeta } from "~/shell/private-page";
import type { Route } from "./+types/service-booking-status";

export const headers = privatePageHeaders;
export const ErrorBoundary = NotFoundBoundary;

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const booking = await findServiceBookingByToken(context.get(workerContext).db, params.token);
  if (!booking) throw data(null, { status: 404 });
  return { view: serviceBookingView(booking, params.token), isNew: url.searchParams.has("new") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.view.title);
}

export default function ServiceBookingStatus({ loaderData }: Route.ComponentProps) {
  return <ServiceBookingStatusPage view={loaderData.view} isNew={loaderData.isNew} />;
}
