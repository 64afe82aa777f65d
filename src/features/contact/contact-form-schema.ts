import * as v from "valibot";
import {
  contactLimits,
  contactMessages,
  emailPattern,
  interests,
  singleLinePattern,
  vehicleIdPattern,
  type FieldErrors,
} from "./contact-rules";

/** A missing field reads as empty, so it gets the field's own message rather than a generic one. */
function required<T extends v.GenericSchema<string, string>>(schema: T) {
  return v.optional(schema, "");
}

function singleLine(requiredMessage: string, max: number) {
  return required(
    v.pipe(
      v.string(requiredMessage),
      v.trim(),
      v.minLength(1, requiredMessage),
      v.maxLength(max, contactMessages.tooLong(max)),
      v.regex(singleLinePattern, contactMessages.singleLine),
    ),
  );
}

/** The browser's copy of the contact rules (the server's is contact-schema.server.ts). */
export const contactFormSchema = v.object({
  firstName: singleLine(contactMessages.firstName, contactLimits.nameMax),
  lastName: singleLine(contactMessages.lastName, contactLimits.nameMax),
  email: required(
    v.pipe(
      v.string(contactMessages.email),
      v.trim(),
      v.maxLength(contactLimits.emailMax, contactMessages.email),
      v.regex(singleLinePattern, contactMessages.email),
      v.regex(emailPattern, contactMessages.email),
    ),
  ),
  phone: required(
    v.pipe(
      v.string(contactMessages.phone),
      v.trim(),
      v.minLength(contactLimits.phoneMin, contactMessages.phone),
      v.maxLength(contactLimits.phoneMax, contactMessages.tooLong(contactLimits.phoneMax)),
      v.regex(singleLinePattern, contactMessages.singleLine),
    ),
  ),
  interest: v.optional(v.picklist(interests, contactMessages.interest), "sales"),
  message: required(
    v.pipe(
      v.string(contactMessages.message),
      v.trim(),
      v.minLength(contactLimits.messageMin, contactMessages.message),
      v.maxLength(contactLimits.messageMax, contactMessages.tooLong(contactLimits.messageMax)),
    ),
  ),
  vehicleId: v.optional(
    v.union([
      v.literal(""),
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(80, contactMessages.vehicleId),
        v.regex(vehicleIdPattern, contactMessages.vehicleId),
      ),
    ]),
  ),
});

export function checkContactForm(values: unknown): { ok: true } | { ok: false; fields: FieldErrors } {
  const result = v.safeParse(contactFormSchema, values);
  if (result.success) return { ok: true };
  const fields: Record<string, string> = {};
  for (const issue of result.issues) {
    const name = String(issue.path?.[0]?.key ?? "body");
    fields[name] ??= issue.message;
  }
  return { ok: false, fields: fields as FieldErrors };
}
