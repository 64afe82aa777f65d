/**
 * The rules of the fields every visitor form shares (a person's name, e-mail and phone, a message)
 * and the spec's messages for them, read by the browser check (valibot) and the server check (zod)
 * of every form, so both always agree.
 */

export const fieldMessages = {
  firstName: "First name is required",
  lastName: "Last name is required",
  nameCharacters: "Please enter your name in letters (spaces, hyphens, apostrophes and periods allowed)",
  email: "Invalid email address",
  phone: "Phone number is required",
  phoneDigits: "Enter a 10-digit phone number, with an extension after it if you have one",
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
  nameMax: 40,
  emailMax: 254,
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
 * A name is letters of any script (with their combining marks), spaces (a Japanese name's
 * ideographic one among them), hyphens, apostrophes and periods. Names reach customer e-mails, which go to addresses nobody has confirmed, and staff read
 * them in subjects and the Reply-To header: a "name" like "ACCOUNT LOCKED: call 1-888-…" or
 * "Ann <boss@example.com>" would be a stranger's words sent from the dealer's domain. The forms
 * refuse anything else rather than quietly changing what was typed.
 */
export const namePattern = /^[\p{L}\p{M}\p{Zs}'\u2019.\-\u2010]*$/u;

/**
 * A name as staff e-mails show it, for rows stored before the forms refused the characters of an
 * address: each becomes a space, so an old "<boss@example.com>" no longer reads as an address.
 */
export function nameAsShownToStaff(name: string): string {
  return name.replace(/[<>@]/g, " ");
}

/**
 * A phone as a US line: ten digits, after an optional country code 1, written with the usual
 * spaces, dots, dashes and brackets, then optionally an extension ("ext 9", "ext. 9", "x9", "#9").
 * Returns the line's ten digits and the extension's digits, or null for anything else, so a few
 * digits or a word never become a `tel:` link or a new person to the limits.
 */
const phoneLinePattern = /^\+?[\d\s().-]+$/;
const phoneExtensionPattern = /\s*[,;]?\s*(?:ext\.?|extension|x|#)\s*(\d{1,6})$/i;

export function phoneParts(phone: string): { line: string; extension: string } | null {
  const typed = phone.trim();
  const extension = phoneExtensionPattern.exec(typed);
  const line = extension ? typed.slice(0, extension.index) : typed;
  if (!phoneLinePattern.test(line)) return null;
  const digits = line.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (national.length !== 10) return null;
  return { line: national, extension: extension?.[1] ?? "" };
}

/** One line: no carriage return or line feed, which could forge e-mail headers. */
export const singleLinePattern = /^[^\r\n]*$/;
/** A practical address check: something@something.tld, no spaces or angle brackets. */
export const emailPattern = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]{2,}$/;
export const vehicleIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The hidden field every visitor form carries: people leave it empty, bots fill it. */
export const honeypotField = "website";
