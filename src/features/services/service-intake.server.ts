import { requestLimits } from "~/config/request-limits";
import { site } from "~/config/site";
import { placingLimits } from "~/features/bookings/capacity.server";
import {
  formText,
  limitRefusal,
  readBookingRequest,
  refuse,
  type BookingBodyKind,
  type BookingRefusal,
} from "~/features/bookings/booking-intake.server";
import { announceNewBooking } from "~/features/bookings/booking-notices.server";
import { serviceBookingStatusPath } from "./service-paths";
import { database } from "~/server/db.server";
import { dropOffDayProblem, serviceMessages, type ServiceId } from "./service-booking-rules";
import { serviceBookingCalendarFile } from "./service-booking-status.server";
import { findServiceBookingByToken, placeServiceBooking } from "./service-bookings.server";
import { serviceRequestSchema } from "./service-schema.server";

/**
 * A service request reaches the server two ways: JSON to POST /api/service/requests, and the
 * booking page's form posted without JavaScript. Both pass the same checks, in the same order
 * (readBookingRequest: origin, body type and size, the fields, the day against the dealer's clock,
 * the sender's rate), then the capacity engine's one conditional statement takes a drop-off slot.
 */
export type ServiceRequestOutcome =
  { ok: true; reference: string; token: string; service: ServiceId; date: string } | BookingRefusal;

const formFields = ["date", "service", "vehicle", "message", "firstName", "lastName", "email", "phone"] as const;

/** The form's fields in the API's shape: every one is text, as typed. */
export function serviceRequestFromForm(form: FormData): Record<string, unknown> {
  return Object.fromEntries(formFields.map((name) => [name, formText(form, name)]));
}

/**
 * Holds one drop-off slot on the day asked for when one is free, and tells the service desk.
 * Nothing is held unless every check passed; two owners racing for the last slot never both get it.
 */
export async function takeServiceRequest(
  env: Env,
  request: Request,
  body: BookingBodyKind,
  now = new Date(),
): Promise<ServiceRequestOutcome> {
  const read = await readBookingRequest(env, request, body, {
    limits: { json: requestLimits.serviceJson, form: requestLimits.serviceForm },
    fromForm: serviceRequestFromForm,
    schema: serviceRequestSchema,
    check: ({ date }): Record<string, string> => {
      const problem = dropOffDayProblem(date, now);
      return problem ? { date: problem } : {};
    },
  });
  if (!read.ok) return read;
  const placed = await placeServiceBooking(database(env.DB), read.data, placingLimits(env));
  if (!placed.placed && placed.reason !== "full") return limitRefusal(env, "service", placed, read.sent, now);
  if (!placed.placed) {
    const message = serviceMessages.full(read.data.date);
    // What the owner typed goes back to the form with the day named, so nothing has to be typed again.
    const sent = Object.fromEntries(formFields.map((name) => [name, read.data[name]]));
    return refuse(409, message, { fields: { date: message }, fullDays: placed.fullDays, sent });
  }
  // The owner's e-mail carries the private link and the calendar file its page offers.
  const booking = await findServiceBookingByToken(database(env.DB), placed.token);
  await announceNewBooking(env, placed.notice, {
    statusPath: serviceBookingStatusPath(placed.token),
    calendar: booking
      ? {
          filename: `service-${placed.reference}.ics`,
          content: serviceBookingCalendarFile(booking, placed.token, site.website, new Date()),
        }
      : undefined,
  });
  return {
    ok: true,
    reference: placed.reference,
    token: placed.token,
    service: read.data.service,
    date: read.data.date,
  };
}
