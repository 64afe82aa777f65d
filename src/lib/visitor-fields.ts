/**
 * The rules of the fields every visitor form shares (a person's name, e-mail and phone, a message)
 * and the spec's messages for them, read by the browser check (valibot) and the server check (zod)
 * of every form, so both always agree.
 */

export const fieldMessages = {
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

/** Who a visitor is and how to reach them: the four fields every form asks for. */
export interface PersonFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export const fieldLimits = {
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
