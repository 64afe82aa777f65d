import { data } from "react-router";
import { bookingView } from "~/features/rentals/booking-status.server";
import { BookingStatusPage } from "~/features/rentals/BookingStatusPage";
import { findHoldByToken } from "~/features/rentals/rental-bookings.server";
import { cancelByRenter } from "~/features/rentals/renter-cancellation.server";
import { workerContext } from "~/server/context.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { NotFoundBoundary, privatePageHeaders, privatePageMeta } from "~/shell/private-page";
import type { Route } from "./+types/rental-booking-status";

export const headers = privatePageHeaders;
export const ErrorBoundary = NotFoundBoundary;

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const hold = await findHoldByToken(context.get(workerContext).db, params.token);
  if (!hold) throw data(null, { status: 404 });
  return { booking: bookingView(hold, params.token, new Date()), isNew: url.searchParams.has("new") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isSameOrigin(request)) {
    return data({ cancelled: false, message: "Requests from other sites are not accepted." }, { status: 403 });
  }
  const cancellation = await cancelByRenter(context.get(workerContext), params.token);
  if (cancellation.outcome === "unknown") throw data(null, { status: 404 });
  if (cancellation.outcome === "closed")
    return data({ cancelled: false, message: cancellation.message }, { status: 409 });
  return { cancelled: true, message: cancellation.message };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.booking.title);
}

export default function RentalBookingStatus({ loaderData, actionData }: Route.ComponentProps) {
  return <BookingStatusPage booking={loaderData.booking} isNew={loaderData.isNew} cancelOutcome={actionData} />;
}
