import { bookingKinds, kindOfReference } from "~/config/booking-kinds";
import MailComposer from "nodemailer/lib/mail-composer";
import { interestLabels, type Interest } from "~/config/enquiry-interests";
import { site } from "~/config/site";
import { dealerTimestamp } from "~/lib/dealer-clock";
import { escapeMarkup } from "~/lib/escape-markup";
import { absoluteUrl } from "~/seo/urls";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { nameAsShownToStaff, withoutInvisibleCharacters } from "~/lib/visitor-fields";
import type { ContactMessageRow } from "./outbox.server";
import { customerLineMark, quotedCustomerWords } from "./customer-words";
import { bookingPageLink, staffPageLine, type StaffPageLink } from "./staff-page-links";
import { adfTradeInVehicleXml, cartWords, tradeInPageLink, type TradeInLead } from "./trade-in-mail.server";

export interface OutgoingEmail {
  from: string;
  to: string;
  raw: string;
}

export type Content = Pick<MailComposer.Options, "subject" | "text" | "html" | "replyTo" | "headers"> & {
  /** Files we made (a calendar file, a signed PDF in base64), never read from a path or a URL. */
  attachments?: { filename: string; content: string; contentType: string; encoding?: "base64" }[];
};

const lineFeedsOnly = (text: string) => text.replace(/\r\n?/g, "\n");

/**
 * Builds the raw message with nodemailer's composer, which does what mail servers insist on: CRLF
 * line ends, no line over 998 octets, UTF-8 bodies in quoted-printable or base64 and encoded-word
 * headers, whatever the script or length of what the visitor wrote.
 */
export async function composed(
  from: string,
  to: string,
  content: Content,
  fromName = `${site.name} website`,
): Promise<OutgoingEmail> {
  const mail = new MailComposer({
    from: { name: fromName, address: from },
    to,
    ...content,
    // The composer turns LF into CRLF but passes a lone CR (which a visitor's text may hold) through.
    text: typeof content.text === "string" ? lineFeedsOnly(content.text) : content.text,
    html: typeof content.html === "string" ? lineFeedsOnly(content.html) : content.html,
    newline: "windows",
    // Content is always a string we built; nothing may make the composer read a file or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const message = mail.compile();
  const raw = await message.build();
  // The envelope's recipient as the composer wrote it in the To header (its domain mapped by UTS 46,
  // as the per-person keys map it): the typed spelling could name no host or, unmapped, another one.
  const recipient = message.getEnvelope().to[0] ?? to;
  return { from, to: recipient, raw: raw.toString("utf8") };
}

/**
 * A mailbox name in ASCII: the domain may be in any script (it travels as punycode), but a
 * non-ASCII mailbox name needs SMTPUTF8, which not every mail server on the way speaks. Such an
 * address stays in the body for staff to copy, and out of the Reply-To header.
 */
export const asciiMailbox = /^[\x21-\x7e]+@/;

/** A message announcing something held for a customer, which waits for staff's answer. */
function bookingRequestOf(message: ContactMessageRow): { interest: string; title: string; reference: string } | null {
  const reference = message.bookingReference;
  const kind = reference ? kindOfReference(reference) : null;
  if (!reference || !kind) return null;
  return { interest: bookingKinds[kind].label, title: bookingKinds[kind].requestTitle, reference };
}

/**
 * What follows the label lines. A booking's announcement is the site's own text, which already
 * quotes what the customer typed at its end; a contact-form message is the customer's text alone,
 * so all of it is quoted.
 */
function bodyOf(message: ContactMessageRow): string {
  return message.bookingReference || message.tradeInId
    ? message.message
    : quotedCustomerWords("Message", message.message);
}

/**
 * The body in HTML: each run of the customer's quoted lines a blockquote, the site's own lines
 * paragraphs, split where the text leaves a blank line.
 */
function bodyHtml(body: string): string {
  const runs: { quoted: boolean; lines: string[] }[] = [];
  let paragraphEnded = true;
  for (const line of body.split("\n")) {
    const quoted = line.startsWith(customerLineMark);
    if (!quoted && line === "") {
      paragraphEnded = true;
      continue;
    }
    const shown = quoted ? line.slice(customerLineMark.length) : line;
    const run = runs.at(-1);
    if (run && run.quoted === quoted && !paragraphEnded) run.lines.push(shown);
    else runs.push({ quoted, lines: [shown] });
    paragraphEnded = false;
  }
  return runs
    .map(({ quoted, lines }) => {
      const html = escapeMarkup(lines.join("\n")).replaceAll("\n", "<br>");
      // Mail clients drop style sheets but keep inline styles: the bar marks the customer's words in all of them.
      return quoted
        ? `<blockquote style="margin:0 0 1em 1em;padding-left:1em;border-left:3px solid #888">${html}</blockquote>`
        : `<p>${html}</p>`;
    })
    .join("");
}

/**
 * The staff page as the first line of a text part, and a blank line to set it apart from what the
 * site says next; nothing when the e-mail is about no page.
 */
function staffPageText(page: StaffPageLink | null): string {
  return page ? `${staffPageLine(page)}\n\n` : "";
}

/** The staff page as the first element of an HTML part, the address itself the link's text. */
function staffPageHtml(page: StaffPageLink | null): string {
  if (!page) return "";
  const url = escapeMarkup(absoluteUrl(page.path));
  return `<p>${escapeMarkup(page.label)}: <a href="${url}">${url}</a></p>`;
}

/** How staff e-mails and the CRM's lead name a trade-in's interest. */
const tradeInInterest = "Trade-in";

/**
 * The e-mail staff receive: Reply-To is the visitor, so answering goes straight to them. One about
 * a booking opens with its staff page, whatever its kind and whenever its announcement was written.
 */
export async function staffEmail(
  message: ContactMessageRow,
  vehicle: Vehicle | null,
  from: string,
  to: string,
  /** What became of the customer's own copy, in a sentence (none for messages that owe them none). */
  customerLine: string | null = null,
  /** The trade-in the message announces, if any (read by the delivery from its id). */
  tradeIn: TradeInLead | null = null,
): Promise<OutgoingEmail> {
  const request = bookingRequestOf(message);
  const interest = tradeIn
    ? tradeInInterest
    : (request?.interest ?? interestLabels[message.interest as Interest] ?? message.interest);
  const fullName = nameAsShownToStaff(`${message.firstName} ${message.lastName}`);
  const about = vehicle ? ` about the ${vehicle.name}` : "";
  // A hold waits for staff's answer, so its subject says what to do and which hold.
  const subject = tradeIn
    ? `Trade-in of a ${cartWords(tradeIn)} from ${fullName}${about}: please answer with a value`
    : request
      ? `${request.title} ${request.reference} from ${fullName}: please confirm or decline`
      : `New ${interest.toLowerCase()} enquiry from ${fullName}${about}`;
  const heading = tradeIn
    ? "New trade-in to value"
    : request
      ? `New ${request.title.toLowerCase()}`
      : `New ${interest.toLowerCase()} enquiry`;
  const lines: [string, string][] = [
    ["Name", fullName],
    ["E-mail", message.email],
    ["Phone", message.phone],
    ["Interest", interest],
    ...(vehicle
      ? ([[tradeIn ? "Cart they want" : "Vehicle", `${vehicle.name} (${site.website}/vehicle/${vehicle.id})`]] as [
          string,
          string,
        ][])
      : []),
    ["Received", dealerTimestamp(new Date(message.createdAt))],
    ["Reference", message.id],
    ...(customerLine ? ([["Customer e-mail", customerLine]] as [string, string][]) : []),
  ];
  const body = bodyOf(message);
  const page = message.bookingReference
    ? bookingPageLink(message.bookingReference)
    : message.tradeInId
      ? tradeInPageLink(message.tradeInId)
      : null;
  return composed(from, to, {
    replyTo: asciiMailbox.test(message.email) ? { name: fullName, address: message.email } : undefined,
    subject,
    text: `${staffPageText(page)}${lines.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\n${body}\n`,
    html: `${staffPageHtml(page)}<h1>${escapeMarkup(heading)}</h1><table>${lines
      .map(([label, value]) => `<tr><th align="left">${escapeMarkup(label)}</th><td>${escapeMarkup(value)}</td></tr>`)
      .join("")}</table>${bodyHtml(body)}`,
    // A trade-in's lead rides along as a file, so staff without a CRM address can import it by hand.
    ...(tradeIn
      ? {
          attachments: [
            {
              filename: `trade-in-${message.id}.adf.xml`,
              content: adfLeadXml(message, vehicle, tradeIn),
              contentType: "application/xml; charset=utf-8",
            },
          ],
        }
      : {}),
  });
}

/**
 * Text for an XML element or attribute. Intake already removed what XML 1.0 forbids; removing it
 * again here keeps rows stored before that rule (and catalogue text) from breaking the whole lead.
 */
function xmlText(value: string | number): string {
  return escapeMarkup(withoutInvisibleCharacters(String(value), "message"));
}

/**
 * A vehicle's model year: a `year` or `modelYear` specification when staff give one, else the year
 * a pre-owned cart's name ends with ("EZ-GO TXT (2016)"); empty when the catalogue does not say.
 */
function modelYearOf(vehicle: Vehicle): string {
  for (const key of ["modelYear", "year"]) {
    const value = String(vehicle.specifications[key] ?? "");
    if (/^\d{4}$/.test(value)) return value;
  }
  return /\((\d{4})\)$/.exec(vehicle.name)?.[1] ?? "";
}

/**
 * The lead's <vehicle>. The ADF 1.0 DTD requires one in every prospect, with year, make and model,
 * and knows only buyers' interests (buy, lease, sell, trade-in, test-drive): a sales enquiry is
 * "buy", other enquiries name no interest (their comments start with it), and an enquiry about no
 * cart has a vehicle with empty year, make and model, as the DTD's text content allows.
 */
function adfVehicleXml(interest: Interest, vehicle: Vehicle | null): string {
  const interestAttribute = interest === "sales" ? ' interest="buy"' : "";
  if (!vehicle) return `<vehicle${interestAttribute}><year></year><make></make><model></model></vehicle>`;
  return [
    `<vehicle${interestAttribute} status="${vehicle.isNew ? "new" : "used"}">`,
    `<year>${xmlText(modelYearOf(vehicle))}</year>`,
    `<make>${xmlText(vehicle.brand)}</make>`,
    `<model>${xmlText(vehicle.name)}</model>`,
    `<stock>${xmlText(vehicle.id)}</stock>`,
    `<price type="asking" currency="USD">${xmlText(vehicle.price)}</price>`,
    "</vehicle>",
  ].join("");
}

/**
 * The lead in ADF/XML, the format dealer CRMs import; valid against the ADF 1.0 DTD. A trade-in's
 * lead carries the customer's cart as `interest="trade-in"`, then the cart they want, if they came
 * from its page.
 */
export function adfLeadXml(
  message: ContactMessageRow,
  vehicle: Vehicle | null,
  tradeIn: TradeInLead | null = null,
): string {
  const interest = (message.interest as Interest) in interestLabels ? (message.interest as Interest) : "general";
  const vehicleXml = tradeIn
    ? `${adfTradeInVehicleXml(tradeIn)}${vehicle ? adfVehicleXml("sales", vehicle) : ""}`
    : adfVehicleXml(interest, vehicle);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    "<adf>",
    '<prospect status="new">',
    `<id sequence="1" source="${xmlText(site.website)}">${xmlText(message.id)}</id>`,
    `<requestdate>${xmlText(message.createdAt)}</requestdate>`,
    vehicleXml,
    "<customer><contact>",
    `<name part="first">${xmlText(message.firstName)}</name>`,
    `<name part="last">${xmlText(message.lastName)}</name>`,
    `<email>${xmlText(message.email)}</email>`,
    `<phone>${xmlText(message.phone)}</phone>`,
    "</contact>",
    `<comments>${xmlText(`[${tradeIn ? tradeInInterest : interestLabels[interest]}] ${message.message}`)}</comments>`,
    "</customer>",
    `<vendor><vendorname>${xmlText(site.name)}</vendorname><contact><name part="full">${xmlText(site.name)}</name><email>${xmlText(site.emails.sales)}</email><phone>${xmlText(site.phone.e164)}</phone></contact></vendor>`,
    `<provider><name part="full">${xmlText(site.name)} website</name><url>${xmlText(site.website)}</url></provider>`,
    "</prospect>",
    "</adf>",
  ]
    .filter(Boolean)
    .join("\n");
}

/** The lead for the dealer's CRM: the ADF/XML document is the whole plain-text body, as CRMs expect. */
export async function crmLeadEmail(
  message: ContactMessageRow,
  vehicle: Vehicle | null,
  from: string,
  to: string,
  tradeIn: TradeInLead | null = null,
): Promise<OutgoingEmail> {
  return composed(from, to, {
    subject: `Lead ${message.id}`,
    text: adfLeadXml(message, vehicle, tradeIn),
  });
}

/**
 * A short notice to staff from the site itself (no visitor is Reply-To), opening with the staff
 * page it is about, if any.
 */
export async function staffNoticeEmail(
  subject: string,
  text: string,
  from: string,
  to: string,
  page: StaffPageLink | null = null,
): Promise<OutgoingEmail> {
  return composed(from, to, { subject, text: `${staffPageText(page)}${text}` });
}
