/** The contact form's own fields; the rules each one follows are the shared visitor fields'. */
import type { Interest } from "~/config/enquiry-interests";
import type { PersonFields } from "~/lib/visitor-fields";

/** The fields a visitor fills in. `website` is the hidden honeypot; people leave it empty. */
export interface ContactInput extends PersonFields {
  interest: Interest;
  message: string;
  vehicleId?: string;
}

export type ContactField = keyof ContactInput;
export type FieldErrors = Partial<Record<ContactField, string>>;

export { honeypotField } from "~/lib/visitor-fields";

/** Where a sent message lands, whether the script sent it or the form posted without one. */
export const thankYouPath = "/thank-you";
