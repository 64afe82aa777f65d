import { data, isRouteErrorResponse } from "react-router";
import { ReservationStatusPage } from "~/features/reservations/ReservationStatusPage";
import { getVehicle } from "~/features/catalogue/catalogue.server";
import { findReservationByToken } from "~/features/reservations/reservation-bookings.server";
import { reservationView } from "~/features/reservations/reservation-view";
import { site } from "~/config/site";
import { workerContext } from "~/server/context.server";
import { NotFound } from "~/shell/NotFound";
import type { Route } from "./+types/reservation-status";

/** A private page about one reservation: never stored by the edge cache or the browser's. */
export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { db } = context.get(workerContext);
  const reservation = await findReservationByToken(db, params.token);
  if (!reservation) throw data(null, { status: 404 });
  const vehicle = await getVehicle(db, reservation.vehicleId);
  return { reservation: reservationView(reservation, vehicle?.name ?? null), isNew: url.searchParams.has("new") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Your cart reservation ${loaderData.reservation.reference}` : "404 Page Not Found";
  return [{ title: `${title} | ${site.name}` }, { name: "robots", content: "noindex" }];
}

/** A token nobody holds gets the site's not-found page, titled and unindexed like any other. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}

export default function ReservationStatus({ loaderData }: Route.ComponentProps) {
  return <ReservationStatusPage reservation={loaderData.reservation} isNew={loaderData.isNew} />;
}
