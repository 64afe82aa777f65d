import { counselReviewMark } from "~/config/counsel-review";
import { rentalTerms } from "~/config/rental-plans";
import { site } from "~/config/site";
import { findPolicy } from "~/features/policies/documents";
import type { PolicySection } from "~/features/policies/policy-document";
import { roadUseGuide } from "~/features/road-use/road-use-content";
import { formatMoney } from "~/lib/format";

/**
 * The rental paperwork's words (issue 56), in one typed module: the consent to sign electronically,
 * the rental agreement built from the booking's own facts, the liability waiver, and the rules the
 * renter and each driver sign to (the rental policy's terms and the road-use guide's golf-cart and
 * age rules, read from their one sources). Every text the dealer's counsel has not approved carries
 * `counselReviewMark`, and README's deploy steps list this module for counsel. What is signed is
 * `paperworkTextVersion` with the booking's facts; a change of either changes the text's SHA-256.
 */

/** Move it with every change of the words below: a signature records the version it was given. */
export const paperworkTextVersion = "2026-11-28.2";

/** The law each part rests on, cited where the text relies on it. */
export const paperworkSources = {
  eSign: "Electronic Signatures in Global and National Commerce Act (E-SIGN), 15 U.S.C. § 7001(c)",
  ueta: "Pennsylvania Uniform Electronic Transactions Act, 73 P.S. § 2260.101 et seq.",
  retention: "42 Pa.C.S. §§ 5524-5525 (limitation periods for injury and contract claims)",
} as const;

/** Who signs which document: the renter the agreement and waiver, each additional driver the waiver. */
export type PaperworkSigner = "renter" | `driver-${number}`;
export type PaperworkDocument = "agreement-and-waiver" | "waiver";

export const documentOf = (signer: PaperworkSigner): PaperworkDocument =>
  signer === "renter" ? "agreement-and-waiver" : "waiver";

export function signerLabel(signer: PaperworkSigner): string {
  return signer === "renter" ? "Renter" : `Additional driver ${signer.slice("driver-".length)}`;
}

export const documentTitles: Record<PaperworkDocument, string> = {
  "agreement-and-waiver": "Rental agreement and liability waiver",
  waiver: "Additional driver's liability waiver",
};

/**
 * E-SIGN's consumer disclosures (15 U.S.C. § 7001(c)(1)), shown before the consent box: the right to
 * paper, what the consent covers, how to withdraw it and get a paper copy, and what is needed to open
 * and keep the record.
 */
export const consentDisclosures: readonly string[] = [
  `You may sign this paperwork on paper instead, at no charge: tell us before your rental, or sign it at the counter at pickup (call ${site.phone.display}).`,
  "Your consent covers only this rental's paperwork.",
  `You may withdraw your consent at any time before you sign by closing this page, or after signing by writing to ${site.emails.sales} or calling ${site.phone.display}; a withdrawal does not undo a signature already given, and we then give you the paperwork on paper.`,
  `You may ask for a paper copy of what you signed at any time, free of charge, at ${site.emails.sales} or at the showroom.`,
  "To open and keep the signed record you need a device that can open a PDF file and an e-mail address where we send it; you can also download it from this page.",
  `${paperworkSources.eSign}; ${paperworkSources.ueta}. ${counselReviewMark}`,
];

export const consentLabel =
  "I have read the disclosures above, I can open PDF files, and I agree to sign this paperwork electronically.";

/** The booking's facts the agreement is built from, as stored when it was placed. */
export interface PaperworkFacts {
  reference: string;
  renterName: string;
  cart: string;
  dates: string;
  place: string;
  /** Each line of the quote and its total, in whole cents. */
  lines: readonly { label: string; cents: number }[];
  totalCents: number | null;
  depositCents: number | null;
  additionalDrivers: number;
}

/** Whole cents as the quote's dollars-and-cents lines read ("$1,050.00"), by the site's one money format. */
const dollars = (cents: number) => formatMoney(cents / 100);

/**
 * A policy section as plain lines: its paragraphs, its list as dashes, its table row by row with
 * each cell named by its column ("- 4 Seater: Daily $245, ..., Deposit $500"), since a line of bare
 * figures would not say which is the deposit.
 */
function sectionLines(section: PolicySection): string[] {
  const table = section.table;
  return [
    section.heading,
    ...(section.paragraphs ?? []),
    ...(section.list ?? []).map((item) => `- ${item}`),
    ...(table
      ? table.rows.map(
          ([first, ...cells]) =>
            `- ${first}: ${cells.map((cell, index) => `${table.head[index + 1]} ${cell}`).join(", ")}`,
        )
      : []),
  ];
}

/** The rental policy's sections, from the policy pages' one source (its contact section left out). */
function rentalPolicyLines(): string[] {
  const policy = findPolicy("rental-policy");
  if (!policy) return [];
  return policy.sections.filter((section) => section.heading !== "Contact us").flatMap(sectionLines);
}

/** The road-use guide's golf-cart rules (the age rule among them), each with its source. */
function roadUseLines(): string[] {
  const golfCarts = roadUseGuide.sections.find((section) => section.id === "golf-carts");
  return (golfCarts?.statements ?? []).map(
    (statement) => `- ${statement.text} (${statement.sources.map((source) => source.citation).join("; ")})`,
  );
}

const waiverLines = (who: string): string[] => [
  "Liability waiver",
  counselReviewMark,
  `${who} understand(s) that driving or riding in a golf cart carries risks, among them collision, overturning and injury, and accept(s) those risks for the rental period.`,
  `${who} will drive only where and as the rules below allow.`,
  `Nothing in this waiver limits the liability cover the rental policy states, nor any right the law does not allow a renter to give up.`,
];

function rulesLines(): string[] {
  return [
    "Battery, charging and road-use rules",
    `- Return the cart charged: a cart returned uncharged is charged the rental policy's fee of $${rentalTerms.fees.uncharged}.`,
    ...roadUseLines(),
    `- ${roadUseGuide.caution}`,
    "Age rule",
    `- The renter must be ${rentalTerms.minimumAge} or older and show ${rentalTerms.renterShows}. ${rentalTerms.licenseRefused}`,
  ];
}

/** The whole text a signer reads and signs, one line a paragraph: what the PDF prints and the hash covers. */
export function paperworkText(facts: PaperworkFacts, signer: PaperworkSigner): string {
  const document = documentOf(signer);
  const head = [
    `${documentTitles[document]} — ${site.name}`,
    `Booking ${facts.reference}. Text version ${paperworkTextVersion}.`,
    "",
  ];
  const bookingFacts = [
    "The booking",
    `Renter: ${facts.renterName}`,
    `Cart: ${facts.cart}`,
    `Dates: ${facts.dates}`,
    `Where: ${facts.place}`,
    `Additional drivers: ${facts.additionalDrivers}`,
  ];
  if (signer !== "renter") {
    return [
      ...head,
      ...bookingFacts,
      `Signed by: ${signerLabel(signer)} named on this booking by its renter.`,
      "",
      ...waiverLines("The driver"),
      "",
      ...rulesLines(),
      "",
    ].join("\n");
  }
  const price = [
    "Price",
    ...facts.lines.map((line) => `- ${line.label}: ${dollars(line.cents)}`),
    ...(facts.totalCents === null ? ["- The price is confirmed by phone."] : [`- Total: ${dollars(facts.totalCents)}`]),
    ...(facts.depositCents === null
      ? []
      : [`- Refundable deposit, held on the renter's card and not part of the total: ${dollars(facts.depositCents)}`]),
  ];
  return [
    ...head,
    "Rental agreement",
    counselReviewMark,
    `${site.name} rents the cart below to the renter on the terms of this agreement and of the rental policy that follows.`,
    "",
    ...bookingFacts,
    "",
    ...price,
    "",
    "Rental policy",
    ...rentalPolicyLines(),
    "",
    ...waiverLines("The renter"),
    "",
    ...rulesLines(),
    "",
  ].join("\n");
}

/** SHA-256 of the text's UTF-8 bytes, in hex: the version of exactly what is shown and signed. */
export async function textHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
