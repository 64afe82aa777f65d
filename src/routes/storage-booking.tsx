import { robotCheckKey } from "~/server/turnstile.server";
import { bookingFormAnswer } from "~/features/bookings/booking-flow.server";
import { storageBookPageData } from "~/features/storage/storage-book-page.server";
import { StorageBookingPage } from "~/features/storage/StorageBookingPage";
import { storageFlow } from "~/features/storage/storage-intake.server";
import { pageMeta } from "~/seo/meta";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/storage-booking";

/** The spaces left are this moment's: a cached copy would offer a space already taken. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db, env } = context.get(workerContext);
  return { ...(await storageBookPageData(db, url.searchParams, new Date())), robotCheckKey: robotCheckKey(env) };
}

/** The booking without JavaScript: the same intake as POST /api/storage/holds, answered as the page. */
export async function action({ request, context }: Route.ActionArgs) {
  return bookingFormAnswer(storageFlow, context.get(workerContext).env, request);
}

export function meta() {
  return pageMeta({
    title: "Book Golf Cart Storage Online",
    description:
      "Choose an indoor or covered outdoor space, the winter or summer package or monthly storage, see the price line by line and book; staff call to confirm.",
    path: "/storage/book",
    breadcrumb: "Book storage",
    trail: [{ name: "Storage", path: "/storage" }],
  });
}

export default function StorageBooking({ loaderData, actionData }: Route.ComponentProps) {
  return <StorageBookingPage page={loaderData} refusal={actionData} robotCheckKey={loaderData.robotCheckKey} />;
}
