import normalizeEmail from "validator/lib/normalizeEmail.js";
import { phoneParts } from "~/lib/visitor-fields";

/**
 * A person as the per-person limits compare them. A bot that varies how it writes one inbox
 * (Ada.Lovelace+1@Gmail.com, adalovelace+2@gmail.com, jane+3@example.org, x@gmail.com.) or one
 * phone ((570) 555-0199, 570.555.0199, 570-555-0199 ext 9) is still one person to the limits.
 * Only the key changes: mail goes to the address as typed.
 */

/**
 * The address as its mailbox most likely receives it: lowercased, the domain without its trailing
 * dot (DNS's root, the same host), and the local part without a `+tag` on every domain, since
 * most mail servers deliver `jane+anything` to `jane` and a limit that trusted the tag would let
 * one inbox pass as many people. Then validator's rules per provider (Gmail drops dots, Yahoo its
 * "-" tags). Two people whose addresses differ only by a tag share a limit; that is the price.
 */
export function emailKey(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) return trimmed;
  const local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1).replace(/\.+$/, "");
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
