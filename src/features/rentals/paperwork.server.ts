import { and, eq, sql } from "drizzle-orm";
import { rentalTerms } from "~/config/rental-plans";
import { site } from "~/config/site";
import { paperworkLinks, paperworkSignatures } from "~/db/schema";
import { findBooking } from "~/features/bookings/capacity.server";
import { localMoment, longDate } from "~/lib/calendar-days";
import { database, type Database } from "~/server/db.server";
import { dealerMoment } from "~/lib/dealer-clock";
import { derivedToken, tokenHash } from "~/server/booking-keys.server";
import type { WorkerContext } from "~/server/context.server";
import { placeOf } from "./booking-status.server";
import { asRentalHold, findHoldByToken, type RentalHold } from "./rental-bookings.server";
import { rentalBookingStatusPath, rentalPaperworkPath, rentalPaperworkPdfPath } from "./rental-paths";
import { findRentalPlan } from "./rental-quote";
import {
  consentDisclosures,
  consentLabel,
  documentOf,
  documentTitles,
  paperworkText,
  signerLabel,
  textHash,
  type PaperworkFacts,
  type PaperworkSigner,
} from "./paperwork-text";

/**
 * A rental's paperwork signed online (issue 56): the page under the booking's private address
 * (`/rentals/booking/{token}/paperwork`), opened by the booking's own token for its renter and by a
 * token derived from it for each additional driver; the signature, kept once per signer by the
 * INSERT's unique index; the PDF in the private PAPERWORK bucket; and the e-mail that carries it,
 * through the mail outbox like every other. Here: the links, the facts the text states, the stored
 * signatures, the page's view, the PDFs and their retention; the signing itself is in
 * paperwork-signing.server.ts, and what staff read and send in paperwork-staff.server.ts.
 */

const paperworkPath = rentalPaperworkPath;
const paperworkPdfPath = rentalPaperworkPdfPath;

const driverPurpose = (number: number) => `paperwork:driver-${number}`;

/** The additional drivers' waiver tokens, derived from the booking's token (its holder alone can). */
export async function driverTokens(bookingToken: string, drivers: number): Promise<string[]> {
  const count = Math.min(Math.max(Math.trunc(drivers), 0), rentalTerms.maximumAdditionalDrivers);
  return Promise.all(Array.from({ length: count }, (_, index) => derivedToken(bookingToken, driverPurpose(index + 1))));
}

const driversOf = (hold: Pick<RentalHold, "request">) => {
  const drivers = (hold.request as { drivers?: unknown } | null)?.drivers;
  return typeof drivers === "number" ? drivers : 0;
};

/** Stores the hashes of the drivers' tokens, so their links open their waiver; run once the booking is placed. */
export async function keepDriverLinks(db: Database, reference: string, bookingToken: string, drivers: number) {
  const tokens = await driverTokens(bookingToken, drivers);
  for (const [index, token] of tokens.entries()) {
    await db
      .insert(paperworkLinks)
      .values({ tokenHash: await tokenHash(token), reference, signer: `driver-${index + 1}` })
      .onConflictDoNothing();
  }
}

/** The booking and whose paperwork a token opens: the renter's by the booking's token, a driver's by theirs. */
export async function findPaperwork(
  db: Database,
  token: string,
): Promise<{ hold: RentalHold; signer: PaperworkSigner } | null> {
  const hold = await findHoldByToken(db, token);
  if (hold) return { hold, signer: "renter" };
  const [link] = await db
    .select()
    .from(paperworkLinks)
    .where(eq(paperworkLinks.tokenHash, await tokenHash(token)))
    .limit(1);
  if (!link) return null;
  const booking = await findBooking(db, link.reference);
  if (!booking || booking.kind !== "rental") return null;
  return { hold: asRentalHold(booking), signer: link.signer as PaperworkSigner };
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The booking's facts as the agreement states them, from what it stored when placed. */
export function paperworkFacts(hold: RentalHold): PaperworkFacts {
  const quote = (hold.quote ?? {}) as { lines?: unknown; total?: unknown; deposit?: unknown };
  const lines = Array.isArray(quote.lines)
    ? (quote.lines as { label?: unknown; amount?: unknown }[])
        .filter((line) => typeof line?.label === "string" && typeof line.amount === "number")
        .map((line) => ({ label: line.label as string, cents: cents(line.amount as number) }))
    : [];
  return {
    reference: hold.reference,
    renterName: `${hold.firstName} ${hold.lastName}`,
    cart: findRentalPlan(hold.plan)?.title ?? hold.plan,
    dates: `${longDate(hold.startDay)} to ${longDate(hold.endDay)} (${hold.days} ${hold.days === 1 ? "day" : "days"}; the cart is due back on the last day at the time it left)`,
    place: placeOf(hold.request),
    lines,
    totalCents: typeof quote.total === "number" ? cents(quote.total) : null,
    depositCents: typeof quote.deposit === "number" ? cents(quote.deposit) : null,
    additionalDrivers: driversOf(hold),
  };
}

export type SignatureRow = typeof paperworkSignatures.$inferSelect;

export async function signatureOf(db: Database, reference: string, signer: string): Promise<SignatureRow | null> {
  const [row] = await db
    .select()
    .from(paperworkSignatures)
    .where(and(eq(paperworkSignatures.reference, reference), eq(paperworkSignatures.signer, signer)))
    .limit(1);
  return row ?? null;
}

/** Every signature of the booking, by signer. */
export async function signaturesOf(db: Database, reference: string): Promise<SignatureRow[]> {
  return db.select().from(paperworkSignatures).where(eq(paperworkSignatures.reference, reference));
}

/** The signers a booking has: its renter and each additional driver it names. */
export function signersOf(hold: Pick<RentalHold, "request">): PaperworkSigner[] {
  const drivers = Math.min(driversOf(hold), rentalTerms.maximumAdditionalDrivers);
  return ["renter", ...Array.from({ length: drivers }, (_, index) => `driver-${index + 1}` as const)];
}

/** "signed by Ada Lovelace on July 4, 2026 at 9:05 AM EDT": how pages and e-mails tell a signature. */
export const signedWords = (row: Pick<SignatureRow, "signerName" | "signedAt">) =>
  `signed by ${row.signerName} on ${dealerMoment(new Date(row.signedAt))}`;

/** What the paperwork page shows. */
export interface PaperworkView {
  reference: string;
  title: string;
  signer: string;
  text: string;
  hash: string;
  disclosures: readonly string[];
  consentLabel: string;
  /** Why it cannot be signed now (the booking not confirmed), or null. */
  closed: string | null;
  signed: { words: string; pdfPath: string } | null;
  path: string;
  /** The renter's page lists each driver's link to forward. */
  drivers: { label: string; path: string; signed: string | null }[];
  statusPath: string | null;
}

/** Why the paperwork cannot be signed now (the booking not confirmed), or null. */
export function closedReason(hold: RentalHold): string | null {
  if (hold.status === "confirmed") return null;
  if (hold.status === "requested")
    return `This booking is not confirmed yet: its paperwork opens once our staff confirm it. Call ${site.phone.display} with any question.`;
  return `This booking is ${hold.status}: there is nothing to sign. Call ${site.phone.display} if you think this is wrong.`;
}

export async function paperworkView(db: Database, token: string): Promise<PaperworkView | null> {
  const found = await findPaperwork(db, token);
  if (!found) return null;
  const { hold, signer } = found;
  const text = paperworkText(paperworkFacts(hold), signer);
  const signature = await signatureOf(db, hold.reference, signer);
  const drivers =
    signer === "renter"
      ? await Promise.all(
          (await driverTokens(token, driversOf(hold))).map(async (driverToken, index) => {
            const driverSignature = await signatureOf(db, hold.reference, `driver-${index + 1}`);
            return {
              label: signerLabel(`driver-${index + 1}`),
              path: paperworkPath(driverToken),
              signed: driverSignature ? signedWords(driverSignature) : null,
            };
          }),
        )
      : [];
  return {
    reference: hold.reference,
    title: `${documentTitles[documentOf(signer)]}, booking ${hold.reference}`,
    signer: signerLabel(signer),
    text,
    hash: await textHash(text),
    disclosures: consentDisclosures,
    consentLabel,
    closed: closedReason(hold),
    signed: signature ? { words: signedWords(signature), pdfPath: paperworkPdfPath(token) } : null,
    path: paperworkPath(token),
    drivers,
    statusPath: signer === "renter" ? rentalBookingStatusPath(token) : null,
  };
}

/** The signed PDF of the document `token` opens, or null (no such link, not signed, or the file gone). */
export async function signedPdfFile(worker: Pick<WorkerContext, "env" | "db">, token: string) {
  const found = await findPaperwork(worker.db, token);
  if (!found) return null;
  return storedPdf(worker, found.hold.reference, found.signer);
}

/** A signature's PDF from the private bucket, for its signer's link or the staff page. */
export async function storedPdf(worker: Pick<WorkerContext, "env" | "db">, reference: string, signer: string) {
  const signature = await signatureOf(worker.db, reference, signer);
  if (!signature) return null;
  const object = await worker.env.PAPERWORK.get(signature.pdfKey);
  if (!object) return null;
  return new Response(object.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${reference}-${signer}-signed.pdf"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

/** Cron: deletes signatures past their retention day, and their PDFs. Returns how many. */
export async function deleteExpiredPaperwork(
  env: Env,
  today: string = localMoment(new Date(), site.timeZone).day,
): Promise<number> {
  const db = database(env.DB);
  const expired = await db.all<{ id: number; pdf_key: string }>(
    sql`SELECT id, pdf_key FROM paperwork_signatures WHERE delete_after < ${today} LIMIT 200`,
  );
  for (const row of expired) {
    await env.PAPERWORK.delete(row.pdf_key);
    await db.run(sql`DELETE FROM paperwork_signatures WHERE id = ${row.id}`);
  }
  return expired.length;
}
