import { createMimeMessage, Mailbox } from "mimetext";
import { site } from "~/config/site";
import { escapeMarkup } from "~/lib/escape-markup";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { interestLabels, type Interest } from "./contact-rules";
import type { ContactMessageRow } from "./contact-store.server";

export interface OutgoingEmail {
  from: string;
  to: string;
  raw: string;
}

/** The e-mail staff receive: Reply-To is the visitor, so answering goes straight to them. */
export function staffEmail(
  message: ContactMessageRow,
  vehicle: Vehicle | null,
  from: string,
  to: string,
): OutgoingEmail {
  const interest = interestLabels[message.interest as Interest] ?? message.interest;
  const fullName = `${message.firstName} ${message.lastName}`;
  const about = vehicle ? ` about the ${vehicle.name}` : "";
  const lines: [string, string][] = [
    ["Name", fullName],
    ["E-mail", message.email],
    ["Phone", message.phone],
    ["Interest", interest],
    ...(vehicle
      ? ([["Vehicle", `${vehicle.name} (${site.website}/vehicle/${vehicle.id})`]] as [string, string][])
      : []),
    ["Received", message.createdAt],
    ["Reference", message.id],
  ];
  const mime = createMimeMessage();
  mime.setSender({ name: `${site.name} website`, addr: from });
  mime.setRecipient(to);
  // The address alone: it was checked to be one line with no brackets, so it cannot add headers.
  mime.setHeader("Reply-To", new Mailbox(message.email));
  mime.setSubject(`New ${interest.toLowerCase()} enquiry from ${fullName}${about}`);
  mime.addMessage({
    contentType: "text/plain",
    data: `${lines.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\nMessage:\n${message.message}\n`,
  });
  mime.addMessage({
    contentType: "text/html",
    data: `<h1>New ${escapeMarkup(interest.toLowerCase())} enquiry</h1><table>${lines
      .map(([label, value]) => `<tr><th align="left">${escapeMarkup(label)}</th><td>${escapeMarkup(value)}</td></tr>`)
      .join("")}</table><h2>Message</h2><p>${escapeMarkup(message.message).replaceAll("\n", "<br>")}</p>`,
  });
  return { from, to, raw: mime.asRaw() };
}

const adfInterest: Record<Interest, string> = { sales: "buy", service: "service", parts: "buy", general: "buy" };

/** The lead in ADF/XML, the format dealer CRMs import. */
export function adfLeadXml(message: ContactMessageRow, vehicle: Vehicle | null): string {
  const interest = (message.interest as Interest) in adfInterest ? (message.interest as Interest) : "general";
  const vehicleXml = vehicle
    ? `<vehicle interest="${adfInterest[interest]}" status="${vehicle.isNew ? "new" : "used"}"><make>${escapeMarkup(vehicle.brand)}</make><model>${escapeMarkup(vehicle.name)}</model><stock>${escapeMarkup(vehicle.id)}</stock><price type="asking" currency="USD">${vehicle.price}</price></vehicle>`
    : "";
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    "<adf>",
    '<prospect status="new">',
    `<id sequence="1" source="${escapeMarkup(site.website)}">${escapeMarkup(message.id)}</id>`,
    `<requestdate>${escapeMarkup(message.createdAt)}</requestdate>`,
    vehicleXml,
    "<customer><contact>",
    `<name part="first">${escapeMarkup(message.firstName)}</name>`,
    `<name part="last">${escapeMarkup(message.lastName)}</name>`,
    `<email>${escapeMarkup(message.email)}</email>`,
    `<phone>${escapeMarkup(message.phone)}</phone>`,
    "</contact>",
    `<comments>${escapeMarkup(`[${interestLabels[interest]}] ${message.message}`)}</comments>`,
    "</customer>",
    `<vendor><vendorname>${escapeMarkup(site.name)}</vendorname><contact><name part="full">${escapeMarkup(site.name)}</name><email>${escapeMarkup(site.emails.sales)}</email><phone>${escapeMarkup(site.phone.e164)}</phone></contact></vendor>`,
    `<provider><name part="full">${escapeMarkup(site.name)} website</name><url>${escapeMarkup(site.website)}</url></provider>`,
    "</prospect>",
    "</adf>",
  ]
    .filter(Boolean)
    .join("\n");
}

export function crmLeadEmail(
  message: ContactMessageRow,
  vehicle: Vehicle | null,
  from: string,
  to: string,
): OutgoingEmail {
  const mime = createMimeMessage();
  mime.setSender({ name: `${site.name} website`, addr: from });
  mime.setRecipient(to);
  mime.setSubject(`Lead ${message.id}`);
  mime.addMessage({ contentType: "text/plain", data: adfLeadXml(message, vehicle) });
  return { from, to, raw: mime.asRaw() };
}

/** A short notice to staff from the site itself (no visitor is Reply-To). */
export function staffNoticeEmail(subject: string, text: string, from: string, to: string): OutgoingEmail {
  const mime = createMimeMessage();
  mime.setSender({ name: `${site.name} website`, addr: from });
  mime.setRecipient(to);
  mime.setSubject(subject);
  mime.addMessage({ contentType: "text/plain", data: text });
  return { from, to, raw: mime.asRaw() };
}
