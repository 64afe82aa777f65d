import { z } from "zod";
import {
  contactLimits,
  contactMessages,
  emailPattern,
  honeypotField,
  interests,
  namePattern,
  singleLinePattern,
  vehicleIdPattern,
  withoutInvisibleCharacters,
  type FieldErrors,
} from "./contact-rules";

const oneLine = (text: string) => withoutInvisibleCharacters(text, "one-line");

function singleLine(required: string, max: number) {
  return z
    .string({ error: required })
    .overwrite(oneLine)
    .trim()
    .min(1, required)
    .max(max, contactMessages.tooLong(max))
    .regex(singleLinePattern, contactMessages.singleLine);
}

function personName(required: string) {
  return singleLine(required, contactLimits.nameMax).regex(namePattern, contactMessages.nameCharacters);
}

/** The server's copy of the contact rules (the browser's is contact-form-schema.ts). */
export const contactSchema = z.object({
  firstName: personName(contactMessages.firstName),
  lastName: personName(contactMessages.lastName),
  email: z
    .string({ error: contactMessages.email })
    .overwrite(oneLine)
    .trim()
    .max(contactLimits.emailMax, contactMessages.email)
    .regex(singleLinePattern, contactMessages.email)
    .regex(emailPattern, contactMessages.email),
  phone: z
    .string({ error: contactMessages.phone })
    .overwrite(oneLine)
    .trim()
    .min(contactLimits.phoneMin, contactMessages.phone)
    .max(contactLimits.phoneMax, contactMessages.tooLong(contactLimits.phoneMax))
    .regex(singleLinePattern, contactMessages.singleLine),
  interest: z.enum(interests, { error: contactMessages.interest }).default("sales"),
  message: z
    .string({ error: contactMessages.message })
    .overwrite((text) => withoutInvisibleCharacters(text, "message"))
    .trim()
    .min(contactLimits.messageMin, contactMessages.message)
    .max(contactLimits.messageMax, contactMessages.tooLong(contactLimits.messageMax)),
  vehicleId: z
    .string()
    .trim()
    .max(80, contactMessages.vehicleId)
    .regex(vehicleIdPattern, contactMessages.vehicleId)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  [honeypotField]: z.string().max(200).optional(),
  turnstileToken: z.string().max(4096).optional(),
});

export type ContactSubmission = z.infer<typeof contactSchema>;

/** The first message for each field, keyed by field name. */
export function fieldErrorsFromZod(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldErrors {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "body");
    fields[name] ??= issue.message;
  }
  return fields as FieldErrors;
}
