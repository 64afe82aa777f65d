import { data, isRouteErrorResponse } from "react-router";
import { bookingFormAnswer } from "~/features/bookings/booking-flow.server";
import { VehicleNotFound } from "~/features/catalogue/VehicleDetail";
import { canonicalVehiclePath } from "~/features/catalogue/vehicle-address";
import { vehicleIdSchema } from "~/features/catalogue/vehicle";
import { robotCheckKey } from "~/server/turnstile.server";
import { testDriveCopy } from "~/features/test-drives/test-drive-content";
import { testDriveFlow } from "~/features/test-drives/test-drive-flow.server";
import { testDrivePageData } from "~/features/test-drives/test-drive-page.server";
import { TestDrivePage } from "~/features/test-drives/TestDrivePage";
import { pageMeta } from "~/seo/meta";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/test-drive-booking";

/** The free times are this moment's: a kept copy could offer a time already taken. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { db, env } = context.get(workerContext);
  const vehicleId = vehicleIdSchema.safeParse(params.id);
  const where = url.searchParams.get("where") === "home" ? "home" : "showroom";
  const page = vehicleId.success ? await testDrivePageData(db, vehicleId.data, where, new Date()) : null;
  if (!page) throw data("Vehicle not found", { status: 404 });
  return { ...page, robotCheckKey: robotCheckKey(env) };
}

/** The booking without JavaScript: the same flow as POST /api/test-drives, answered as the page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return bookingFormAnswer(testDriveFlow, context.get(workerContext).env, request, params);
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Vehicle Not Found" }, { name: "robots", content: "noindex" }];
  const { vehicle } = loaderData;
  // A form about this moment's slots: shared or found, it should lead to the vehicle's own page.
  return [
    ...pageMeta({
      title: testDriveCopy.title(vehicle.name),
      description: testDriveCopy.lead,
      path: canonicalVehiclePath(vehicle.id),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function TestDriveBooking({ loaderData, actionData }: Route.ComponentProps) {
  return <TestDrivePage page={loaderData} refusal={actionData} robotCheckKey={loaderData.robotCheckKey} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <VehicleNotFound />;
  throw error;
}
