import { data } from "react-router";
import { getVehicleOfAnyStatus } from "~/features/catalogue/catalogue.server";
import { depositAction } from "~/features/payments/deposit-action.server";
import { depositView } from "~/features/payments/deposit-view.server";
import { depositsOffered } from "~/features/payments/stripe-client.server";
import { findReservationByToken } from "~/features/reservations/reservation-bookings.server";
import { reservationStatusPath } from "~/features/reservations/reservation-paths";
import { ReservationStatusPage } from "~/features/reservations/ReservationStatusPage";
import { reservationView } from "~/features/reservations/reservation-view";
import { workerContext } from "~/server/context.server";
import { NotFoundBoundary, privatePageHeaders, privatePageMeta } from "~/shell/private-page";
import type { Route } from "./+types/reservation-status";

export const headers = privatePageHeaders;
export const ErrorBoundary = NotFoundBoundary;

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const { db, env } = context.get(workerContext);
  const reservation = await findReservationByToken(db, params.token);
  if (!reservation) throw data(null, { status: 404 });
  const vehicle = await getVehicleOfAnyStatus(db, reservation.vehicleId);
  return {
    view: reservationView(reservation, vehicle?.name ?? null, depositsOffered(env, new URL(request.url))),
    deposit: await depositView(env, db, reservation, new URL(request.url)),
    statusPath: reservationStatusPath(params.token),
    isNew: url.searchParams.has("new"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const path = reservationStatusPath(params.token);
  return depositAction(
    context.get(workerContext),
    request,
    "reservation",
    params.token,
    path,
    await request.formData(),
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.view.title);
}

export default function ReservationStatus({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ReservationStatusPage
      view={loaderData.view}
      isNew={loaderData.isNew}
      deposit={loaderData.deposit}
      statusPath={loaderData.statusPath}
      depositRefusal={actionData?.deposit}
    />
  );
}
