import { sql, type SQL } from "drizzle-orm";
import { paperworkDeleteAfter } from "~/config/data-retention";
import { storeAndEnqueue } from "~/features/mail/store-and-enqueue.server";
import { dealerMoment } from "~/lib/dealer-clock";
import type { WorkerContext } from "~/server/context.server";
import type { Database } from "~/server/db.server";
import { errorKind } from "~/server/error-kind";
import { signedPdf } from "./paperwork-pdf.server";
import {
  consentLabel,
  documentOf,
  documentTitles,
  paperworkText,
  paperworkTextVersion,
  signerLabel,
  textHash,
} from "./paperwork-text";
import { closedReason, findPaperwork, paperworkFacts, signatureOf, signedWords } from "./paperwork.server";

/**
 * Signing a rental's paperwork (issue 56): consent, intent (a full name typed), the text as shown
 * kept with its hash, one signature per signer, the PDF stored and e-mailed to the signer.
 */

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
