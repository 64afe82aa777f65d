import { data } from "react-router";
import { bookingView } from "~/features/rentals/booking-status.server";
import { BookingStatusPage } from "~/features/rentals/BookingStatusPage";
import { findHoldByToken } from "~/features/rentals/rental-bookings.server";
import { cancelByRenter } from "~/features/rentals/renter-cancellation.server";
import { rentalBookingStatusPath } from "~/features/rentals/rental-paths";
import { depositAction } from "~/features/payments/deposit-action.server";
import { depositView } from "~/features/payments/deposit-view.server";
import { findBookingByToken } from "~/features/bookings/capacity.server";
import { workerContext } from "~/server/context.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { NotFoundBoundary, privatePageHeaders, privatePageMeta } from "~/shell/private-page";
import type { Route } from "./+types/rental-booking-status";

export const headers = privatePageHeaders;
export const ErrorBoundary = NotFoundBoundary;

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const { db, env } = context.get(workerContext);
  const hold = await findHoldByToken(db, params.token);
  const booking = await findBookingByToken(db, params.token, "rental");
  if (!hold || !booking) throw data(null, { status: 404 });
  return {
    booking: bookingView(hold, params.token, new Date()),
    deposit: await depositView(env, db, booking, new URL(request.url)),
    isNew: url.searchParams.has("new"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.clone().formData();
  if (form.get("intent") === "deposit") {
    const path = rentalBookingStatusPath(params.token);
    return depositAction(context.get(workerContext), request, "rental", params.token, path, form);
  }
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
  const deposit = actionData && "deposit" in actionData ? actionData.deposit : undefined;
  const cancel = actionData && "cancelled" in actionData ? actionData : undefined;
  return (
    <BookingStatusPage
      booking={loaderData.booking}
      isNew={loaderData.isNew}
      cancelOutcome={cancel}
      deposit={loaderData.deposit}
      depositRefusal={deposit}
    />
  );
}
