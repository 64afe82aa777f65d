import { robotCheckKey } from "~/server/turnstile.server";
import { depositsOffered } from "~/features/payments/stripe-client.server";
import { data, isRouteErrorResponse } from "react-router";
import { bookingFormAnswer } from "~/features/bookings/booking-flow.server";
import { VehicleNotFound } from "~/features/catalogue/VehicleDetail";
import { canonicalVehiclePath } from "~/features/catalogue/vehicle-address";
import { vehicleIdSchema } from "~/features/catalogue/vehicle";
import { reservePageData } from "~/features/reservations/reserve-page.server";
import { reservationFlow } from "~/features/reservations/reservation-intake.server";
import { ReservePage } from "~/features/reservations/ReservePage";
import { purchaseTerms } from "~/config/site";
import { pageMeta } from "~/seo/meta";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/vehicle-reservation";

/** Whether a unit is free is this moment's stock: a kept copy could offer a cart already held. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

async function pageFor(context: Route.LoaderArgs["context"], id: string, url: URL) {
  const vehicleId = vehicleIdSchema.safeParse(id);
  const { db, env } = context.get(workerContext);
  const page = vehicleId.success
    ? await reservePageData(db, vehicleId.data, url.searchParams.get("town"), depositsOffered(env, url))
    : null;
  if (!page) throw data("Vehicle not found", { status: 404 });
  return { ...page, robotCheckKey: robotCheckKey(env) };
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  return pageFor(context, params.id, url);
}

/** The reservation without JavaScript: the same intake as POST /api/vehicles/{id}/reservations. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return bookingFormAnswer(reservationFlow, context.get(workerContext).env, request, params);
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Vehicle Not Found" }, { name: "robots", content: "noindex" }];
  const { vehicle } = loaderData;
  // A form about this moment's stock: shared or found, it should lead to the vehicle's own page.
  return [
    ...pageMeta({
      title: `Reserve the ${vehicle.name}`,
      description: `Hold the ${vehicle.name} for ${purchaseTerms.reservationHoldHours} hours while we call you; no payment is taken online.`,
      path: canonicalVehiclePath(vehicle.id),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function VehicleReservation({ loaderData, actionData }: Route.ComponentProps) {
  return <ReservePage page={loaderData} refusal={actionData} robotCheckKey={loaderData.robotCheckKey} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <VehicleNotFound />;
  throw error;
}
