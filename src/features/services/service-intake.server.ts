import { requestLimits } from "~/config/request-limits";
import type { BookingKindFlow } from "~/features/bookings/booking-flow.server";
import { formText, refuse } from "~/features/bookings/booking-intake.server";
import { serviceBookingStatusPath } from "./service-paths";
import { dropOffDayProblem, serviceMessages } from "./service-booking-rules";
import { serviceBookingCalendarFile } from "./service-booking-status.server";
import { asServiceBooking, serviceHold } from "./service-bookings.server";
import { serviceRequestSchema, type ServiceRequestSubmission } from "./service-schema.server";

const formFields = ["date", "service", "vehicle", "message", "firstName", "lastName", "email", "phone"] as const;

/** The form's fields in the API's shape: every one is text, as typed. */
export function serviceRequestFromForm(form: FormData): Record<string, unknown> {
  return Object.fromEntries(formFields.map((name) => [name, formText(form, name)]));
}

/**
 * Service drop-offs on the booking flow, from POST /api/service/requests and the booking page's form
 * alike: one drop-off slot on the day asked for, when one is free; two owners racing for the last
 * slot never both get it. No price is quoted: the labour rate is shown and the desk quotes the work.
 */
export const serviceFlow: BookingKindFlow<ServiceRequestSubmission> = {
  kind: "service",
  limits: { json: requestLimits.serviceJson, form: requestLimits.serviceForm },
  fromForm: serviceRequestFromForm,
  schema: serviceRequestSchema,
  check: ({ date }, now): Record<string, string> => {
    const problem = dropOffDayProblem(date, now);
    return problem ? { date: problem } : {};
  },
  plan: (asked) => ({
    hold: serviceHold(asked),
    full: () => {
      const message = serviceMessages.full(asked.date);
      // What the owner typed goes back to the form with the day named, so nothing has to be typed again.
      const sent = Object.fromEntries(formFields.map((name) => [name, asked[name]]));
      return refuse(409, message, { fields: { date: message }, sent });
    },
  }),
  statusPath: serviceBookingStatusPath,
  calendarFile: (booking, token, website, now) => ({
    filename: `service-${booking.reference}.ics`,
    content: serviceBookingCalendarFile(asServiceBooking(booking), token, website, now),
  }),
};
