import { normalizeDomain } from "nodemailer/lib/shared";
import normalizeEmail from "validator/lib/normalizeEmail.js";
import { phoneParts } from "~/lib/visitor-fields";

/**
 * A person as the per-person limits compare them. A bot that varies how it writes one inbox
 * (Ada.Lovelace+1@Gmail.com, adalovelace+2@gmail.com, jane+3@example.org, x@gmail.com.) or one
 * phone ((570) 555-0199, 570.555.0199, 570-555-0199 ext 9) is still one person to the limits.
 * Only the key changes: mail goes to the address as typed, its domain as the mailer writes it.
 */

/**
 * A domain as mail is delivered to it: nodemailer's own mapping (UTS 46 through the runtime's URL
 * parser, so fullwidth letters, NFD and case fold to one form, and a Unicode name becomes its
 * xn-- label), less DNS's root dot. The key uses the mailer's function rather than a copy of it, so
 * the two can never disagree on which inbox a spelling reaches.
 */
export function mailDomain(domain: string): string {
  return normalizeDomain(domain, false).replace(/\.+$/, "");
}

/**
 * The address as its mailbox most likely receives it: the domain as the mailer sends to it
 * (`mailDomain`: `ada@ｂüｃｈｅｒ.example`, `ada@bu\u0308cher.example` and `ada@xn--bcher-kva.example`
 * are one inbox), the local part lowercased and without a `+tag` on every domain, since
 * most mail servers deliver `jane+anything` to `jane` and a limit that trusted the tag would let
 * one inbox pass as many people. Then validator's rules per provider (Gmail drops dots, Yahoo its
 * "-" tags). Two people whose addresses differ only by a tag share a limit; that is the price.
 */
export function emailKey(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) return trimmed.toLowerCase();
  const local = trimmed.slice(0, at).toLowerCase();
  // UTS 46 folds case itself, and differently from toLowerCase (U+1E9E), so the domain goes in as typed.
  const domain = mailDomain(trimmed.slice(at + 1));
  const plus = local.indexOf("+");
  const untagged = `${plus > 0 ? local.slice(0, plus) : local}@${domain}`;
  const normal = normalizeEmail(untagged);
  return (normal || untagged).toLowerCase();
}

/**
 * The line's ten digits, without the country code 1 or an extension: an extension reaches a desk
 * behind the same line, so it names no new person. A phone the forms would refuse (stored before
 * they did) keeps its digits, or what was typed when it has too few to name a line.
 */
export function phoneKey(phone: string): string {
  const parts = phoneParts(phone);
  if (parts) return parts.line;
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) return digits.slice(1);
  if (digits.length >= 7) return digits;
  return phone.trim().toLowerCase();
}
