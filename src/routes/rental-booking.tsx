import { depositOf } from "~/features/payments/deposit-amount";
import { depositsOffered } from "~/features/payments/stripe-client.server";
import { RentalWaitingLink } from "~/features/alerts/RentalWaitingLink";
import { robotCheckKey } from "~/server/turnstile.server";
import { bookingFormAnswer } from "~/features/bookings/booking-flow.server";
import { bookingPageData } from "~/features/rentals/booking-page.server";
import { BookingPage } from "~/features/rentals/BookingPage";
import { rentalFlow } from "~/features/rentals/rental-intake.server";
import { pageMeta } from "~/seo/meta";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/rental-booking";

/** The calendar is this moment's fleet: a cached copy would offer carts already taken. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db, env } = context.get(workerContext);
  const page = await bookingPageData(db, url.searchParams, new Date());
  // The deposit the booking's page will offer, from this quote's total in cents, where deposits are taken online.
  const onlineDeposit =
    page.quote && depositsOffered(env, url) ? depositOf("rental", Math.round(page.quote.total * 100)) : null;
  return { ...page, onlineDeposit, robotCheckKey: robotCheckKey(env) };
}

/** The booking without JavaScript: the same intake as POST /api/rentals/holds, answered as the page. */
export async function action({ request, context }: Route.ActionArgs) {
  return bookingFormAnswer(rentalFlow, context.get(workerContext).env, request);
}

export function meta() {
  return pageMeta({
    title: "Book a Rental Cart Online",
    description:
      "See which days a 4 seater, 6 seater or utility cart is free, get the exact price and hold a cart; staff call to confirm.",
    path: "/rentals/book",
    breadcrumb: "Book a rental",
    trail: [{ name: "Rentals", path: "/rentals" }],
  });
}

export default function RentalBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { search, fullDays } = loaderData;
  return (
    <BookingPage
      page={loaderData}
      refusal={actionData}
      robotCheckKey={loaderData.robotCheckKey}
      waitingList={
        fullDays.length > 0 && loaderData.plan ? (
          <RentalWaitingLink plan={loaderData.plan} start={search.start} days={search.days} />
        ) : null
      }
    />
  );
}
