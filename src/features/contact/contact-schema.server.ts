import { z } from "zod";
import { interests } from "~/config/enquiry-interests";
import { fieldMessages } from "~/lib/visitor-fields";
import { messageField, optionalVehicleId, personSchema } from "~/server/visitor-schema.server";
import { honeypotField } from "./contact-rules";

/** The server's copy of the contact rules (the browser's is contact-form-schema.ts). */
export const contactSchema = personSchema.extend({
  interest: z.enum(interests, { error: fieldMessages.interest }).default("sales"),
  message: messageField,
  vehicleId: optionalVehicleId,
  [honeypotField]: z.string().max(200).optional(),
  turnstileToken: z.string().max(4096).optional(),
});

export type ContactSubmission = z.infer<typeof contactSchema>;
