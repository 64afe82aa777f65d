import { and, eq, sql, type SQL } from "drizzle-orm";
import { paperworkDeleteAfter } from "~/config/data-retention";
import { rentalTerms } from "~/config/rental-plans";
import { site } from "~/config/site";
import { paperworkLinks, paperworkSignatures } from "~/db/schema";
import { findBooking } from "~/features/bookings/capacity.server";
import { enqueueStored, storeAndEnqueue } from "~/features/mail/store-and-enqueue.server";
import { localMoment, longDate } from "~/lib/calendar-days";
import { database, type Database } from "~/server/db.server";
import { dealerMoment } from "~/lib/dealer-clock";
import { derivedToken, tokenHash } from "~/server/booking-keys.server";
import { errorKind } from "~/server/error-kind";

import type { WorkerContext } from "~/server/context.server";
import { placeOf } from "./booking-status.server";
import { asRentalHold, findHoldByToken, type RentalHold } from "./rental-bookings.server";
import { rentalBookingStatusPath, rentalPaperworkPath, rentalPaperworkPdfPath } from "./rental-paths";
import { findRentalPlan } from "./rental-quote";
import { signedPdf } from "./paperwork-pdf.server";
import {
  consentDisclosures,
  consentLabel,
  documentOf,
  documentTitles,
  paperworkText,
  paperworkTextVersion,
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
 * through the mail outbox like every other.
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

function closedReason(hold: RentalHold): string | null {
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

/** The signature's refusals: 4xx, the field named, what was typed kept, nothing stored. */
export type SigningOutcome =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 404 | 409; message: string; fields: Record<string, string>; values: { name: string } };

const namePattern = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
const nameLimit = 100;

/** Refuses a name that is empty, too long, or not letters (spaces, hyphens, apostrophes and dots between them). */
export function nameProblem(name: string): string | null {
  if (name === "") return "Type your full name to sign.";
  if (name.length > nameLimit) return `Type your name in ${nameLimit} characters or fewer.`;
  if (!namePattern.test(name) || (name.match(/\p{L}/gu) ?? []).length < 2)
    return "Type your full name in letters (spaces, hyphens and apostrophes may separate them).";
  return null;
}

/**
 * The signature's INSERT: a failure is told by its kind alone, since drizzle's error spells out every
 * bound value (the signer's name and the text) and would reach a log wherever it is caught.
 */
async function storeSignature(db: Database, statement: SQL): Promise<{ id: number }[]> {
  try {
    return await db.all<{ id: number }>(statement);
  } catch (error) {
    throw new Error(`paperwork signature not stored (${errorKind(error)})`);
  }
}

/** The moment in Eastern time, with its zone: "July 4, 2026 at 9:05 AM EDT". */
const eastern = (at: Date) => dealerMoment(at);

/**
 * Signs the document `token` opens, from the page's form: consent ticked, a full name typed, the
 * text as shown (its hash) still the text now. The PDF is stored first under a key of its own, then
 * the INSERT keeps the one signature per signer (a racing second post finds the index taken, stores
 * nothing and deletes its PDF); only the post whose INSERT stored the row e-mails the PDF.
 */
export async function signPaperwork(
  worker: Pick<WorkerContext, "env" | "db">,
  token: string,
  form: { consent: boolean; name: string; shownHash: string },
  now: Date = new Date(),
): Promise<SigningOutcome> {
  const values = { name: form.name };
  const refuse = (status: 400 | 404 | 409, message: string, fields: Record<string, string> = {}): SigningOutcome => ({
    ok: false,
    status,
    message,
    fields,
    values,
  });
  const found = await findPaperwork(worker.db, token);
  if (!found) return refuse(404, "There is no paperwork at this address.");
  const { hold, signer } = found;
  const closed = closedReason(hold);
  if (closed) return refuse(409, closed);
  const earlier = await signatureOf(worker.db, hold.reference, signer);
  if (earlier) return refuse(409, `This paperwork was already ${signedWords(earlier)}; nothing was changed.`);
  const fields: Record<string, string> = {};
  if (!form.consent) fields.consent = "Tick the box to agree to sign electronically, or sign on paper at pickup.";
  const name = form.name.trim().replace(/\s+/g, " ");
  const problem = nameProblem(name);
  if (problem) fields.name = problem;
  if (Object.keys(fields).length > 0) return refuse(400, "Please correct the fields marked below.", fields);
  const text = paperworkText(paperworkFacts(hold), signer);
  const hash = await textHash(text);
  if (form.shownHash !== hash) {
    return refuse(
      409,
      "The booking or its paperwork changed since this page was shown: read the text below as it is now, then sign again.",
    );
  }
  const document = documentOf(signer);
  const record = {
    title: documentTitles[document],
    reference: hold.reference,
    signerLabel: signerLabel(signer),
    signerName: name,
    signedEastern: eastern(now),
    signedUtc: now.toISOString(),
    textVersion: paperworkTextVersion,
    textSha256: hash,
    text,
    consent: consentLabel,
  };
  const pdf = await signedPdf(record);
  const key = `paperwork/${hold.reference}/${signer}-${crypto.randomUUID()}.pdf`;
  await worker.env.PAPERWORK.put(key, pdf, { httpMetadata: { contentType: "application/pdf" } });
  const stored = await storeSignature(
    worker.db,
    sql`
    INSERT INTO paperwork_signatures
      (reference, signer, document, signer_name, signed_at, text_version, text_sha256, signed_text, pdf_key, pdf_bytes,
       delete_after)
    SELECT ${hold.reference}, ${signer}, ${document}, ${name}, ${now.toISOString()}, ${paperworkTextVersion}, ${hash},
      ${text}, ${key}, ${pdf.byteLength}, ${paperworkDeleteAfter(hold.endDay)}
    WHERE EXISTS (SELECT 1 FROM bookings WHERE reference = ${hold.reference} AND status = 'confirmed')
    ON CONFLICT (reference, signer) DO NOTHING
    RETURNING id`,
  ).catch(async (error: unknown) => {
    await worker.env.PAPERWORK.delete(key);
    throw error;
  });
  if (stored.length === 0) {
    await worker.env.PAPERWORK.delete(key);
    const winner = await signatureOf(worker.db, hold.reference, signer);
    return refuse(
      409,
      winner
        ? `This paperwork was already ${signedWords(winner)}; nothing was changed.`
        : (closedReason((await findPaperwork(worker.db, token))?.hold ?? hold) ?? "Nothing was signed."),
    );
  }
  await storeAndEnqueue(worker.env, {
    firstName: hold.firstName,
    lastName: hold.lastName,
    email: hold.email,
    phone: hold.phone,
    interest: "sales",
    message: "",
    bookingReference: hold.reference,
    bookingEvent: "signed",
    staffAnswer: true,
    // The PDF's key only: the e-mail needs no link, so no token waits in the outbox for it.
    customerPrivate: { pdf: { filename: `${hold.reference}-${signer}-signed.pdf`, key } },
  });
  return {
    ok: true,
    message: `Signed: thank you, ${name}. A copy of the signed PDF is on its way by e-mail, and you can download it below.`,
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

/** A rental's paperwork as staff read it, one line a signer. */
export interface PaperworkStatusLine {
  signer: string;
  label: string;
  /** "signed by Ada Lovelace on July 4, 2026 at 9:05 AM EDT" or "not signed". */
  words: string;
  signed: boolean;
}

/**
 * Each signer's state of a rental's paperwork; null for another kind of booking, or a rental not
 * confirmed (its paperwork is not open).
 */
export async function paperworkStatus(
  db: Database,
  booking: { reference: string; kind: string; status: string; request: unknown },
): Promise<PaperworkStatusLine[] | null> {
  if (booking.kind !== "rental" || booking.status !== "confirmed") return null;
  const signed = new Map((await signaturesOf(db, booking.reference)).map((row) => [row.signer, row]));
  return signersOf(booking).map((signer) => {
    const row = signed.get(signer);
    return {
      signer,
      label: signerLabel(signer),
      words: row ? signedWords(row) : "not signed",
      signed: Boolean(row),
    };
  });
}

/** One line for lists: "Paperwork: Renter signed by ...; Additional driver 1 not signed". */
export function paperworkSummary(lines: readonly PaperworkStatusLine[]): string {
  return `Paperwork: ${lines.map((line) => `${line.label} ${line.words}`).join("; ")}`;
}

/** How often staff may send one booking's paperwork link again: once an hour, counted by the INSERT. */
export const paperworkLinkAgain = { perBookingPerHour: 1, windowSeconds: 3600 } as const;

export type LinkAgainOutcome =
  { sent: true; message: string } | { sent: false; status: 404 | 409 | 429; message: string };

/**
 * Staff's "Send the link again": a customer-only e-mail listing the paperwork still unsigned, from
 * the booking's private path the reminder keeps (the token is stored nowhere else). At most
 * `paperworkLinkAgain.perBookingPerHour` per booking in the last hour, counted in the INSERT that
 * stores it; the outbox's limit on e-mails to one address in an hour applies at delivery as to any.
 */
export async function sendPaperworkLinkAgain(
  worker: Pick<WorkerContext, "env" | "db">,
  reference: string,
): Promise<LinkAgainOutcome> {
  const booking = await findBooking(worker.db, reference);
  if (!booking) return { sent: false, status: 404, message: `There is no booking ${reference}.` };
  const lines = await paperworkStatus(worker.db, booking);
  if (!lines)
    return {
      sent: false,
      status: 409,
      message: `${reference} is not a confirmed rental: it has no paperwork to sign.`,
    };
  if (lines.every((line) => line.signed)) {
    return { sent: false, status: 409, message: `${reference}'s paperwork is all signed; nothing was sent.` };
  }
  const window = `-${paperworkLinkAgain.windowSeconds} seconds`;
  const rows = await worker.db.all<{ id: string }>(sql`
    INSERT INTO contact_messages
      (id, first_name, last_name, email, email_key, phone, interest, message, vehicle_id, booking_reference,
       booking_event, customer_private, staff_answer)
    SELECT ${crypto.randomUUID()}, b.first_name, b.last_name, b.email,
      coalesce(nullif(b.email_key, ''), lower(trim(b.email))), b.phone, b.interest, '', b.vehicle_id, b.reference,
      'paperwork', json_object('statusPath', r.status_path), 0
    FROM bookings AS b JOIN booking_reminders AS r ON r.reference = b.reference
    WHERE b.reference = ${reference} AND b.status = 'confirmed' AND r.status_path IS NOT NULL
      AND (SELECT count(*) FROM contact_messages AS earlier
        WHERE earlier.booking_reference = b.reference AND earlier.booking_event = 'paperwork'
          AND earlier.created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${window})) < ${paperworkLinkAgain.perBookingPerHour}
    RETURNING id`);
  const [stored] = rows;
  if (!stored) {
    const [kept] = await worker.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM booking_reminders WHERE reference = ${reference} AND status_path IS NOT NULL`,
    );
    if (!kept?.n) {
      return {
        sent: false,
        status: 409,
        message: `${reference}'s private link is no longer kept (it went out with the day-before reminder, which lists the paperwork); the renter signs on paper at pickup, or from the link in that reminder.`,
      };
    }
    return {
      sent: false,
      status: 429,
      message: `${reference}'s paperwork link was already sent again in the last hour; nothing was sent.`,
    };
  }
  await enqueueStored(worker.env, worker.db, stored.id);
  return { sent: true, message: `The paperwork link is on its way to ${booking.email}.` };
}
