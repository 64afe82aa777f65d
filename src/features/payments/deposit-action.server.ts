import { data } from "react-router";
import type { BookingKind } from "~/config/booking-kinds";
import { findBookingByToken } from "~/features/bookings/capacity.server";
import type { WorkerContext } from "~/server/context.server";
import { isSameOrigin } from "~/server/same-origin.server";
import { openCheckout } from "./checkout.server";

/** What the deposit form gets back when it cannot go to Stripe's page: the field and why. */
export interface DepositRefusal {
  deposit: { error: string; field?: "accept" };
}

/**
 * A booking page's "Pay the deposit" post: for the booking its private token names, only. A 404
 * for a token that names none of this kind, like the page itself.
 */
export async function depositAction(
  worker: Pick<WorkerContext, "env" | "db">,
  request: Request,
  kind: BookingKind,
  token: string,
  statusPath: string,
  form: FormData,
) {
  if (!isSameOrigin(request)) {
    return data<DepositRefusal>({ deposit: { error: "Requests from other sites are not accepted." } }, { status: 403 });
  }
  const booking = await findBookingByToken(worker.db, token, kind);
  if (!booking) throw data(null, { status: 404 });
  const answer = await openCheckout(worker.env, worker.db, request, booking, statusPath, form);
  if (answer instanceof Response) return answer;
  if (answer.status === 404) throw data(null, { status: 404 });
  return data<DepositRefusal>({ deposit: { error: answer.error, field: answer.field } }, { status: answer.status });
}
