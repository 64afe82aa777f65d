import normalizeEmail from "validator/lib/normalizeEmail.js";

/**
 * A person as the per-person limits compare them. A bot that varies how it writes one inbox
 * (Ada.Lovelace+1@Gmail.com, adalovelace+2@gmail.com) or one phone ((570) 555-0199, 570.555.0199)
 * is still one person to the limits, while two people are never merged.
 */

/**
 * The address as its mailbox receives it: lowercased, and without the dots and plus-tags the
 * big providers ignore (validator's rules per provider: Gmail drops dots and tags, Outlook and
 * iCloud drop tags, Yahoo its "-" tags). An address validator cannot read is kept lowercased.
 */
export function emailKey(email: string): string {
  const trimmed = email.trim();
  const normal = normalizeEmail(trimmed);
  return (normal || trimmed).toLowerCase();
}

/**
 * The phone's digits, without the North American country code ("1") a number may be written with.
 * A phone with too few digits to name a line is kept as typed (lowercased), so junk cannot share a key.
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) return digits.slice(1);
  if (digits.length >= 7) return digits;
  return phone.trim().toLowerCase();
}
