import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { rentalPaperworkPath } from "~/features/rentals/rental-paths";
import { textHash } from "~/features/rentals/paperwork-text";
import { addDays, localMoment } from "~/lib/calendar-days";
import { anotherCustomer } from "./people";
import { heldSixSeater } from "./rental-fixtures";
import { answerPage } from "./registry-pages";
import * as paperworkRoute from "~/routes/rental-paperwork";

/**
 * A rental's paperwork signed online (issue 56): the page under the booking's private address, the
 * refusals (each a 4xx naming what is wrong, nothing stored), and two signatures racing for one
 * document storing exactly one, through real requests to the Worker's pages.
 */
const today = localMoment(new Date(), site.timeZone).day;
const start = addDays(today, 30);
const here = "http://localhost:8787";

const ask = (path: string, init: RequestInit = {}) => answerPage(new Request(`${here}${path}`, init), env);

const sign = (token: string, fields: Record<string, string>) =>
  ask(rentalPaperworkPath(token), {
    method: "POST",
    headers: { Origin: here, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

const shownHash = async (token: string) => {
  const page = await (await ask(rentalPaperworkPath(token))).text();
  return /name="shown" value="([0-9a-f]{64})"/.exec(page)?.[1] ?? "";
};

const signatures = async (reference: string) =>
  (
    await env.DB.prepare(
      "SELECT signer, signer_name AS name, text_sha256 AS hash, signed_text AS text, pdf_key AS pdfKey FROM paperwork_signatures WHERE reference = ?",
    )
      .bind(reference)
      .all<{ signer: string; name: string; hash: string; text: string; pdfKey: string }>()
  ).results;

const signedMails = async (reference: string) =>
  (
    await env.DB.prepare(
      "SELECT count(*) AS n FROM contact_messages WHERE booking_reference = ? AND booking_event = 'signed'",
    )
      .bind(reference)
      .first<{ n: number }>()
  )?.n;

async function confirmedRental() {
  const placed = await heldSixSeater({ start, customer: anotherCustomer() });
  await env.DB.prepare("UPDATE bookings SET status = 'confirmed', decided_by = 'terminal' WHERE reference = ?")
    .bind(placed.reference)
    .run();
  return placed;
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM bookings"),
    env.DB.prepare("DELETE FROM paperwork_signatures"),
    env.DB.prepare("DELETE FROM contact_messages"),
    env.DB.prepare(
      "INSERT INTO booking_pools (pool, kind, capacity) VALUES ('six-seater', 'rental', 40) ON CONFLICT (pool) DO UPDATE SET capacity = 40",
    ),
  ]);
});

describe("rental paperwork", () => {
  it("shows the whole text privately, and a GET stores nothing", async () => {
    const { reference, token } = await confirmedRental();
    const response = await ask(rentalPaperworkPath(token));
    expect(response.status).toBe(200);
    // The route's own headers, which the Worker sends (this harness renders without them).
    expect(paperworkRoute.headers()).toEqual({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
    const page = await response.text();
    expect(page).toContain(reference);
    expect(page).toContain("I agree and sign");
    expect(page).toContain("15 U.S.C. § 7001(c)");
    expect(await signatures(reference)).toEqual([]);
  });

  it("stores exactly one of two signatures racing for the same document", async () => {
    const { reference, token } = await confirmedRental();
    const shown = await shownHash(token);
    const [first, second] = await Promise.all([
      sign(token, { consent: "yes", name: "Ada Lovelace", shown }),
      sign(token, { consent: "yes", name: "Grace Hopper", shown }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const stored = await signatures(reference);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.hash).toBe(shown);
    expect(await textHash(stored[0]!.text)).toBe(shown);
    // The loser's PDF is deleted; the winner's is in the private bucket.
    const object = await env.PAPERWORK.get(stored[0]!.pdfKey);
    expect(object).not.toBeNull();
    const pdf = new Uint8Array(await object!.arrayBuffer());
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
    const listed = await env.PAPERWORK.list({ prefix: `paperwork/${reference}/` });
    expect(listed.objects).toHaveLength(1);
    expect(await signedMails(reference)).toBe(1);
  });

  it("refuses a third signature with 409 'already signed on', and no new e-mail", async () => {
    const { reference, token } = await confirmedRental();
    const shown = await shownHash(token);
    expect((await sign(token, { consent: "yes", name: "Ada Lovelace", shown })).status).toBe(200);
    const again = await sign(token, { consent: "yes", name: "Ada Lovelace", shown });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already signed by Ada Lovelace on");
    expect(await signedMails(reference)).toBe(1);
  });

  it("refuses without consent, with an empty or non-letter name, naming the field and keeping what was typed", async () => {
    const { reference, token } = await confirmedRental();
    const shown = await shownHash(token);
    const noConsent = await sign(token, { name: "Ada Lovelace", shown });
    expect(noConsent.status).toBe(400);
    const page = await noConsent.text();
    expect(page).toContain("Tick the box to agree to sign electronically");
    expect(page).toContain('value="Ada Lovelace"');
    for (const name of ["", "   ", "12345", "<script>", "x"]) {
      const refused = await sign(token, { consent: "yes", name, shown });
      expect(refused.status, name).toBe(400);
      expect(await refused.text()).toMatch(/Type your full name/);
    }
    expect(await signatures(reference)).toEqual([]);
    expect(await signedMails(reference)).toBe(0);
  });

  it("refuses stale facts with 409 and shows the new text", async () => {
    const { reference, token } = await confirmedRental();
    const shown = await shownHash(token);
    await env.DB.prepare("UPDATE bookings SET first_name = 'Augusta' WHERE reference = ?").bind(reference).run();
    const stale = await sign(token, { consent: "yes", name: "Ada Lovelace", shown });
    expect(stale.status).toBe(409);
    const page = await stale.text();
    expect(page).toContain("changed since this page was shown");
    expect(page).toContain("Renter: Augusta");
    expect(await signatures(reference)).toEqual([]);
  });

  it("refuses a declined or cancelled booking, and a requested one, storing nothing", async () => {
    for (const status of ["declined", "cancelled", "requested"]) {
      const { reference, token } = await confirmedRental();
      const shown = await shownHash(token);
      await env.DB.prepare("UPDATE bookings SET status = ? WHERE reference = ?").bind(status, reference).run();
      const refused = await sign(token, { consent: "yes", name: "Ada Lovelace", shown });
      expect(refused.status, status).toBe(409);
      expect(await signatures(reference)).toEqual([]);
    }
  });

  it("answers 404 to a changed token, page and PDF alike", async () => {
    const { token } = await confirmedRental();
    const changed = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await ask(rentalPaperworkPath(changed))).status).toBe(404);
    expect((await sign(changed, { consent: "yes", name: "Ada Lovelace", shown: "x" })).status).toBe(404);
    expect((await ask(`${rentalPaperworkPath(changed)}/signed.pdf`)).status).toBe(404);
  });

  it("offers the signed PDF through the token", async () => {
    const { token } = await confirmedRental();
    const shown = await shownHash(token);
    await sign(token, { consent: "yes", name: "Ada Lovelace", shown });
    const pdf = await ask(`${rentalPaperworkPath(token)}/signed.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Cache-Control")).toBe("no-store");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    console.log(`signed PDF: ${bytes.byteLength} bytes`);
    expect(bytes.byteLength).toBeGreaterThan(1000);
  });
});
