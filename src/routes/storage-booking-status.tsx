import { data } from "react-router";
import { findStorageBookingByToken } from "~/features/storage/storage-bookings.server";
import { StorageStatusPage } from "~/features/storage/StorageStatusPage";
import { storageBookingView } from "~/features/storage/storage-view";
import { workerContext } from "~/server/context.server";
import { NotFoundBoundary, privatePageHeaders, privatePageMeta } from "~/shell/private-page";
import type { Route } from "./+types/storage-booking-status";

export const headers = privatePageHeaders;
export const ErrorBoundary = NotFoundBoundary;

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const booking = await findStorageBookingByToken(context.get(workerContext).db, params.token);
  if (!booking) throw data(null, { status: 404 });
  return { view: storageBookingView(booking), isNew: url.searchParams.has("new") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.view.title);
}

export default function StorageBookingStatus({ loaderData }: Route.ComponentProps) {
  return <StorageStatusPage view={loaderData.view} isNew={loaderData.isNew} />;
}
