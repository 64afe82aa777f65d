import { data, isRouteErrorResponse, redirect } from "react-router";
import { getVehicle, listVehicleIds } from "~/features/catalogue/catalogue.server";
import { vehicleIdSchema } from "~/features/catalogue/vehicle";
import { canonicalVehiclePath, vehicleIdForAddress } from "~/features/catalogue/vehicle-address";
import { VehicleDetail, VehicleNotFound } from "~/features/catalogue/VehicleDetail";
import { vehicleMeta } from "~/features/catalogue/vehicle-meta";
import { loanTerms } from "~/config/loan-terms";
import { clampLoanInput } from "~/features/financing/monthly-payment";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/vehicle";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const db = context.get(workerContext).db;
  const id = vehicleIdSchema.safeParse(params.id);
  const vehicle = id.success ? await getVehicle(db, id.data) : null;
  if (!vehicle) {
    const namedId = vehicleIdForAddress(params.id, await listVehicleIds(db));
    if (namedId) throw redirect(`${canonicalVehiclePath(namedId)}${url.search}`, 301);
    throw data("Vehicle not found", { status: 404 });
  }
  const loan = clampLoanInput(
    Number(url.searchParams.get("apr") ?? loanTerms.defaultAprPercent),
    Number(url.searchParams.get("term") ?? loanTerms.defaultTermMonths),
  );
  return { vehicle, apr: loan.aprPercent, term: loan.termMonths };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Vehicle Not Found" }, { name: "robots", content: "noindex" }];
  return vehicleMeta(loaderData.vehicle);
}

export default function VehiclePage({ loaderData }: Route.ComponentProps) {
  return <VehicleDetail {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <VehicleNotFound />;
  throw error;
}
