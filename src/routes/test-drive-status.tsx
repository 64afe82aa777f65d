import { data } from "react-router";
import { BookingStatusFrame } from "~/features/bookings/BookingStatusFrame";
import { testDriveStatus } from "~/features/test-drives/test-drive-status.server";
import { workerContext } from "~/server/context.server";
import { NotFoundBoundary, privatePageHeaders, privatePageMeta } from "~/shell/private-page";
import type { Route } from "./+types/test-drive-status";

export const headers = privatePageHeaders;
export const ErrorBoundary = NotFoundBoundary;

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const view = await testDriveStatus(context.get(workerContext).db, params.token);
  if (!view) throw data(null, { status: 404 });
  return { view, isNew: url.searchParams.has("new") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.view.title);
}

export default function TestDriveStatus({ loaderData }: Route.ComponentProps) {
  return <BookingStatusFrame view={loaderData.view} isNew={loaderData.isNew} />;
}
