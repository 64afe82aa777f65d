import { data, isRouteErrorResponse } from "react-router";
import { site } from "~/config/site";
import { testDriveCopy } from "~/features/test-drives/test-drive-content";
import { testDriveStatus } from "~/features/test-drives/test-drive-status.server";
import { TestDriveStatusPage } from "~/features/test-drives/TestDriveStatusPage";
import { workerContext } from "~/server/context.server";
import { NotFound } from "~/shell/NotFound";
import type { Route } from "./+types/test-drive-status";

/** A private page about one test drive: never stored by the edge cache or the browser's. */
export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const drive = await testDriveStatus(context.get(workerContext).db, params.token);
  if (!drive) throw data(null, { status: 404 });
  return { drive, isNew: url.searchParams.has("new") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? testDriveCopy.statusTitle(loaderData.drive.reference) : "404 Page Not Found";
  return [{ title: `${title} | ${site.name}` }, { name: "robots", content: "noindex" }];
}

/** A token nobody holds gets the site's not-found page, titled and unindexed like any other. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}

export default function TestDriveStatus({ loaderData }: Route.ComponentProps) {
  return <TestDriveStatusPage drive={loaderData.drive} isNew={loaderData.isNew} />;
}
