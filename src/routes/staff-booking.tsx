import { data } from "react-router";
import { bookingDecisionNames, type BookingDecisionName } from "~/config/booking-kinds";
import { site } from "~/config/site";
import { StaffBookingPage } from "~/features/staff/StaffBookingPage";
import { decideFromStaffPage, staffBookingView } from "~/features/staff/staff-booking.server";
import { sendPaperworkLinkAgain } from "~/features/rentals/paperwork-staff.server";
import { normalReference } from "~/server/booking-keys.server";
import { workerContext } from "~/server/context.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { staffPageForm } from "~/server/staff-form.server";
import { requireStaff } from "~/server/staff-access.server";
import { privatePageHeaders, StaffPageBoundary } from "~/shell/private-page";
import type { Route } from "./+types/staff-booking";

export const headers = privatePageHeaders;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const worker = context.get(workerContext);
  const staff = await requireStaff(request, worker.env);
  const booking = await staffBookingView(worker, params.reference, new Date());
  if (!booking) throw data(null, { status: 404 });
  return { booking, staffEmail: staff.email };
}

const isDecision = (value: unknown): value is BookingDecisionName =>
  typeof value === "string" && (bookingDecisionNames as readonly string[]).includes(value);

export async function action({ request, params, context }: Route.ActionArgs) {
  const worker = context.get(workerContext);
  const staff = await requireStaff(request, worker.env);
  if (!isSameOrigin(request)) {
    return data({ changed: false, message: "Requests from other sites are not accepted." }, { status: 403 });
  }
  const form = await staffPageForm(request);
  if (form.get("intent") === "paperwork-link") {
    const sent = await sendPaperworkLinkAgain(worker, normalReference(params.reference));
    return data({ changed: sent.sent, message: sent.message }, { status: sent.sent ? 200 : sent.status });
  }
  const decision = form.get("decision");
  if (!isDecision(decision)) {
    return data(
      { changed: false, message: `decision: choose one of ${bookingDecisionNames.join(", ")}. Nothing was changed.` },
      { status: 400 },
    );
  }
  const outcome = await decideFromStaffPage(worker, decision, params.reference, staff.email);
  return data({ changed: outcome.changed, message: outcome.message }, { status: outcome.status });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.booking.reference}: ${loaderData.booking.status}` : "No such booking";
  return [{ title: `${title} | Staff | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export const ErrorBoundary = StaffPageBoundary;

export default function StaffBooking({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffBookingPage booking={loaderData.booking} staffEmail={loaderData.staffEmail} outcome={actionData} />;
}
