import { phoneKey } from "~/server/person-keys.server";

/**
 * The customer's number as a dialable address, so staff call with one tap: a US number of ten
 * digits, or as many as they gave; null when it has no digits worth dialling.
 */
export function dialable(phone: string): string | null {
  const digits = phoneKey(phone);
  if (digits.length === 10) return `tel:+1${digits}`;
  return digits.length >= 3 ? `tel:${digits}` : null;
}
