import { z } from "zod";
import { messageField, personSchema } from "~/server/visitor-schema.server";
import { fieldMessages, singleLinePattern, withoutInvisibleCharacters } from "~/lib/visitor-fields";
import { isCalendarDay } from "~/lib/calendar-days";
import { serviceIds, serviceMessages, vehicleMax } from "./service-booking-rules";

/**
 * The server's check of a service request's shape: the day as a date (judged against the dealer's
 * clock in service-booking-rules.ts), the kind of work, the cart, what is wrong by the contact
 * form's message rules, and the owner, named and reached by the contact form's own rules.
 */
export const serviceRequestSchema = z.object({
  date: z.string({ error: serviceMessages.date }).refine(isCalendarDay, serviceMessages.date),
  service: z.enum(serviceIds, { error: serviceMessages.service }),
  vehicle: z
    .string({ error: serviceMessages.vehicle })
    .overwrite((text) => withoutInvisibleCharacters(text, "one-line"))
    .trim()
    .min(1, serviceMessages.vehicle)
    .max(vehicleMax, fieldMessages.tooLong(vehicleMax))
    .regex(singleLinePattern, fieldMessages.singleLine),
  message: messageField,
  ...personSchema.shape,
});

export type ServiceRequestSubmission = z.infer<typeof serviceRequestSchema>;
