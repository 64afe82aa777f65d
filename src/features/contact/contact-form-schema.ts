import * as v from "valibot";
import { interests } from "~/config/enquiry-interests";
import { fieldMessages, vehicleIdPattern } from "~/lib/visitor-fields";
import { maxCharacters, messageFormEntry, personFormEntries } from "~/lib/visitor-form-schema";
import type { FieldErrors } from "./contact-rules";

/** The browser's copy of the contact rules (the server's is contact-schema.server.ts). */
export const contactFormSchema = v.object({
  ...personFormEntries,
  interest: v.optional(v.picklist(interests, fieldMessages.interest), "sales"),
  message: messageFormEntry,
  vehicleId: v.optional(
    v.union([
      v.literal(""),
      v.pipe(
        v.string(),
        v.trim(),
        maxCharacters(80, fieldMessages.vehicleId),
        v.regex(vehicleIdPattern, fieldMessages.vehicleId),
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
