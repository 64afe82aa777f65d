import * as v from "valibot";
import {
  contactLimits,
  contactMessages,
  emailPattern,
  interests,
  namePattern,
  singleLinePattern,
  vehicleIdPattern,
  withoutInvisibleCharacters,
  type FieldErrors,
} from "./contact-rules";

const oneLine = v.transform((text: string) => withoutInvisibleCharacters(text, "one-line"));

/** Lengths in characters (code points), as the server's zod counts them, not in UTF-16 units. */
const characters = (text: string) => [...text].length;
const minCharacters = (min: number, message: string) => v.check((text: string) => characters(text) >= min, message);
const maxCharacters = (max: number, message: string) => v.check((text: string) => characters(text) <= max, message);

/** A missing field reads as empty, so it gets the field's own message rather than a generic one. */
function required<T extends v.GenericSchema<string, string>>(schema: T) {
  return v.optional(schema, "");
}

function personName(requiredMessage: string) {
  const max = contactLimits.nameMax;
  return required(
    v.pipe(
      v.string(requiredMessage),
      oneLine,
      v.trim(),
      minCharacters(1, requiredMessage),
      maxCharacters(max, contactMessages.tooLong(max)),
      v.regex(singleLinePattern, contactMessages.singleLine),
      v.regex(namePattern, contactMessages.nameCharacters),
    ),
  );
}

/** The browser's copy of the contact rules (the server's is contact-schema.server.ts). */
export const contactFormSchema = v.object({
  firstName: personName(contactMessages.firstName),
  lastName: personName(contactMessages.lastName),
  email: required(
    v.pipe(
      v.string(contactMessages.email),
      oneLine,
      v.trim(),
      maxCharacters(contactLimits.emailMax, contactMessages.email),
      v.regex(singleLinePattern, contactMessages.email),
      v.regex(emailPattern, contactMessages.email),
    ),
  ),
  phone: required(
    v.pipe(
      v.string(contactMessages.phone),
      oneLine,
      v.trim(),
      minCharacters(contactLimits.phoneMin, contactMessages.phone),
      maxCharacters(contactLimits.phoneMax, contactMessages.tooLong(contactLimits.phoneMax)),
      v.regex(singleLinePattern, contactMessages.singleLine),
    ),
  ),
  interest: v.optional(v.picklist(interests, contactMessages.interest), "sales"),
  message: required(
    v.pipe(
      v.string(contactMessages.message),
      v.transform((text: string) => withoutInvisibleCharacters(text, "message")),
      v.trim(),
      minCharacters(contactLimits.messageMin, contactMessages.message),
      maxCharacters(contactLimits.messageMax, contactMessages.tooLong(contactLimits.messageMax)),
    ),
  ),
  vehicleId: v.optional(
    v.union([
      v.literal(""),
      v.pipe(
        v.string(),
        v.trim(),
        maxCharacters(80, contactMessages.vehicleId),
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
