/**
 * The contact form's rules and the spec's messages, shared by the browser check (valibot) and the
 * server check (zod) so both always agree.
 */
import type { CustomerPrivate } from "~/db/schema";

export const interests = ["sales", "service", "parts", "general"] as const;
export type Interest = (typeof interests)[number];

export const interestLabels: Record<Interest, string> = {
  sales: "Sales",
  service: "Service",
  parts: "Parts",
  general: "General enquiry",
};

export const contactMessages = {
  firstName: "First name is required",
  lastName: "Last name is required",
  nameCharacters: "Please enter your name without < > or @",
  email: "Invalid email address",
  phone: "Phone number is required",
  interest: "Choose sales, service, parts or general",
  message: "Message must be at least 10 characters",
  singleLine: "Must be on one line",
  tooLong: (max: number) => `Must be at most ${max} characters`,
  vehicleId: "Unknown vehicle reference",
} as const;

export const contactLimits = {
  nameMax: 80,
  emailMax: 254,
  phoneMin: 10,
  phoneMax: 32,
  messageMin: 10,
  messageMax: 5000,
} as const;

/**
 * Characters nobody can see or means to send: controls, text-direction controls (which make a name
 * or address read as something it is not), non-characters and broken surrogate halves. Both schemas
 * remove them before any other rule, so what is stored reads as what it is and always makes valid
 * XML for the CRM. The message keeps its tabs and line breaks; a one-line field keeps its line
 * breaks only so that the one-line rule can refuse them.
 */
const invisibleInMessage = /(?![\t\n\r])[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}\p{Bidi_Control}]/gu;
const invisibleInOneLine = /(?![\n\r])[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}\p{Bidi_Control}]/gu;

export function withoutInvisibleCharacters(text: string, field: "message" | "one-line"): string {
  return text.replace(field === "message" ? invisibleInMessage : invisibleInOneLine, "");
}

/**
 * A name without the characters of an address. Staff read the name in the subject, beside "Name:"
 * and in the Reply-To header; "Ann <boss@example.com>" there would pass for someone else's address.
 * No one's name needs them, so the forms refuse them rather than quietly changing what was typed.
 */
export const namePattern = /^[^<>@]*$/;

/**
 * A name as staff e-mails show it, for rows stored before the forms refused the characters of an
 * address: each becomes a space, so an old "<boss@example.com>" no longer reads as an address.
 */
export function nameAsShownToStaff(name: string): string {
  return name.replace(/[<>@]/g, " ");
}

/** One line: no carriage return or line feed, which could forge e-mail headers. */
export const singleLinePattern = /^[^\r\n]*$/;
/** A practical address check: something@something.tld, no spaces or angle brackets. */
export const emailPattern = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]{2,}$/;
export const vehicleIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The fields a visitor fills in. `website` is the hidden honeypot; people leave it empty. */
export interface ContactInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  interest: Interest;
  message: string;
  vehicleId?: string;
}

/**
 * A message the site writes to staff itself, announcing a booking (a rental, a service drop-off, a
 * storage space or a cart reservation): the customer's details and what they asked for.
 */
export interface SiteMessageInput extends ContactInput {
  bookingReference?: string;
  /** What only the customer's e-mail of a new booking carries (its private link), kept until it is sent. */
  customerPrivate?: CustomerPrivate;
}

export type ContactField = keyof ContactInput;
export type FieldErrors = Partial<Record<ContactField, string>>;

export const honeypotField = "website";

/** Where a sent message lands, whether the script sent it or the form posted without one. */
export const thankYouPath = "/thank-you";
