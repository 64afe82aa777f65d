import { data } from "react-router";
import { getVehicleOfAnyStatus } from "~/features/catalogue/catalogue.server";
import { findReservationByToken } from "~/features/reservations/reservation-bookings.server";
import { ReservationStatusPage } from "~/features/reservations/ReservationStatusPage";
import { reservationView } from "~/features/reservations/reservation-view";
import { workerContext } from "~/server/context.server";
import { NotFoundBoundary, privatePageHeaders, privatePageMeta } from "~/shell/private-page";
import type { Route } from "./+types/reservation-status";

export const headers = privatePageHeaders;
export const ErrorBoundary = NotFoundBoundary;

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { db } = context.get(workerContext);
  const reservation = await findReservationByToken(db, params.token);
  if (!reservation) throw data(null, { status: 404 });
  const vehicle = await getVehicleOfAnyStatus(db, reservation.vehicleId);
  return { view: reservationView(reservation, vehicle?.name ?? null), isNew: url.searchParams.has("new") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.view.title);
}

export default function ReservationStatus({ loaderData }: Route.ComponentProps) {
  return <ReservationStatusPage view={loaderData.view} isNew={loaderData.isNew} />;
}
