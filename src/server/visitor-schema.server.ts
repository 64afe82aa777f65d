/**
 * The server's copy of the visitor fields every form shares (the browser's is
 * src/lib/visitor-form-schema.ts): a person's name, e-mail and phone, and a message. Each form
 * builds its own schema from these, so a rule changed here holds on every form.
 */
import { z } from "zod";
import {
  emailPattern,
  fieldLimits,
  fieldMessages,
  namePattern,
  phoneParts,
  singleLinePattern,
  vehicleIdPattern,
  withoutInvisibleCharacters,
} from "~/lib/visitor-fields";

const oneLine = (text: string) => withoutInvisibleCharacters(text, "one-line");

export function singleLine(required: string, max: number) {
  return z
    .string({ error: required })
    .overwrite(oneLine)
    .trim()
    .min(1, required)
    .max(max, fieldMessages.tooLong(max))
    .regex(singleLinePattern, fieldMessages.singleLine);
}

function personName(required: string) {
  return singleLine(required, fieldLimits.nameMax).regex(namePattern, fieldMessages.nameCharacters);
}

/** Who the visitor is and how to reach them: the same four fields on every form. */
export const personSchema = z.object({
  firstName: personName(fieldMessages.firstName),
  lastName: personName(fieldMessages.lastName),
  email: z
    .string({ error: fieldMessages.email })
    .overwrite(oneLine)
    .trim()
    .max(fieldLimits.emailMax, fieldMessages.email)
    .regex(singleLinePattern, fieldMessages.email)
    .regex(emailPattern, fieldMessages.email),
  phone: z
    .string({ error: fieldMessages.phone })
    .overwrite(oneLine)
    .trim()
    .min(1, fieldMessages.phone)
    .max(fieldLimits.phoneMax, fieldMessages.tooLong(fieldLimits.phoneMax))
    .regex(singleLinePattern, fieldMessages.singleLine)
    .refine((phone) => phoneParts(phone) !== null, fieldMessages.phoneDigits),
});

/** The catalogue id of the vehicle page a form was sent from, when it was: empty means none. */
export const optionalVehicleId = z
  .string()
  .trim()
  .max(80, fieldMessages.vehicleId)
  .regex(vehicleIdPattern, fieldMessages.vehicleId)
  .optional()
  .or(z.literal("").transform(() => undefined));

/** A visitor's own words: tabs and line breaks kept, invisible characters dropped. */
export const messageField = z
  .string({ error: fieldMessages.message })
  .overwrite((text) => withoutInvisibleCharacters(text, "message"))
  .trim()
  .min(fieldLimits.messageMin, fieldMessages.message)
  .max(fieldLimits.messageMax, fieldMessages.tooLong(fieldLimits.messageMax));

/** The first message for each field, keyed by field name. */
export function fieldErrorsFromZod(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "body");
    fields[name] ??= issue.message;
  }
  return fields;
}
