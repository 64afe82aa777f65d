import { data, isRouteErrorResponse, redirect } from "react-router";
import { VehicleAlertForms } from "~/features/alerts/CatalogueAlertForms";
import { listVehicleIds } from "~/features/catalogue/catalogue.server";
import { vehicleIdSchema } from "~/features/catalogue/vehicle";
import { canonicalVehiclePath, vehicleIdForAddress } from "~/features/catalogue/vehicle-address";
import { VehicleDetail, VehicleNotFound } from "~/features/catalogue/VehicleDetail";
import { vehicleMeta } from "~/features/catalogue/vehicle-meta";
import { vehiclePageData } from "~/features/catalogue/vehicle-page.server";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/vehicle";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const db = context.get(workerContext).db;
  const id = vehicleIdSchema.safeParse(params.id);
  const page = id.success ? await vehiclePageData(db, id.data, url.searchParams) : null;
  if (!page) {
    const namedId = vehicleIdForAddress(params.id, await listVehicleIds(db));
    if (namedId) throw redirect(`${canonicalVehiclePath(namedId)}${url.search}`, 301);
    throw data("Vehicle not found", { status: 404 });
  }
  return page;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Vehicle Not Found" }, { name: "robots", content: "noindex" }];
  return vehicleMeta(loaderData.vehicle);
}

export default function VehiclePage({ loaderData }: Route.ComponentProps) {
  return (
    <VehicleDetail
      {...loaderData}
      alerts={<VehicleAlertForms vehicleId={loaderData.vehicle.id} reservable={loaderData.reservable} />}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <VehicleNotFound />;
  throw error;
}
