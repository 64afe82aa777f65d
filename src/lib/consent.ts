/**
 * The visitor's choice about third-party embeds (Google Maps). Nothing from another site loads
 * until the visitor agrees; the choice is kept in a first-party cookie for a year.
 */
export type ConsentChoice = "granted" | "denied";

export const consentCookieName = "embed_consent";
const oneYearInSeconds = 60 * 60 * 24 * 365;

export function readConsent(cookieHeader: string | null): ConsentChoice | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === consentCookieName && (value === "granted" || value === "denied")) return value;
  }
  return null;
}

export function consentCookie(choice: ConsentChoice): string {
  return `${consentCookieName}=${choice}; Path=/; Max-Age=${oneYearInSeconds}; SameSite=Lax; Secure; HttpOnly`;
}

export function parseConsentChoice(value: FormDataEntryValue | null): ConsentChoice | null {
  return value === "granted" || value === "denied" ? value : null;
}
