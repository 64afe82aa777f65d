import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { rentalPlans } from "~/config/rental-plans";
import { formatPrice } from "~/lib/format";
import { site } from "~/config/site";
import { rentalPaperworkPath } from "~/features/rentals/rental-paths";
import { textHash } from "~/features/rentals/paperwork-text";
import { addDays, localMoment } from "~/lib/calendar-days";
import { anotherCustomer } from "./people";
import { heldSixSeater } from "./rental-fixtures";
import { answerPage } from "./registry-pages";
import { postToApi, resetBookingStore } from "./booking-requests";
import { readEmail, recordingMailer } from "./contact-support";
import { dealerTime } from "./dealer-time";
import { deliverContactMessage } from "~/features/mail/mail-delivery.server";
import { staffBookingPath } from "~/config/pages";
import { sendBookingReminders } from "~/features/bookings/booking-reminders.server";
import { deleteExpiredPaperwork } from "~/features/rentals/paperwork.server";
import { staffWeekView } from "~/features/staff/staff-week.server";
import { database } from "~/server/db.server";
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
    // The policy's rate table, each figure named by its column: which one is the deposit.
    const fourSeater = rentalPlans.find((plan) => plan.id === "four-seater")!;
    expect(page).toContain(`- ${fourSeater.title}: `);
    expect(page).toContain(`Deposit ${formatPrice(fourSeater.deposit)}`);
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

describe("the paperwork's e-mails and staff's view", () => {
  const renter = { firstName: "Ada", lastName: "Lovelace", email: "ada.paperwork@example.org", phone: "570-555-0142" };
  const staffEnv = { ...env, STAFF_LOCAL_IDENTITY: "ana@dealer.example" } as unknown as Env;
  const staffAsk = (path: string, init: RequestInit = {}) => answerPage(new Request(`${here}${path}`, init), staffEnv);

  async function placedWithDriver(first = start) {
    await resetBookingStore();
    const response = await postToApi("/rentals/holds", {
      plan: "six-seater",
      start: first,
      days: 3,
      delivery: { type: "pickup" },
      drivers: 1,
      ageConfirmed: true,
      ...renter,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { reference, statusUrl } = (await response.json()) as { reference: string; statusUrl: string };
    const token = decodeURIComponent(new URL(statusUrl, here).pathname.split("/").at(-1)!);
    await env.DB.prepare("UPDATE bookings SET status = 'confirmed', decided_by = 'terminal' WHERE reference = ?")
      .bind(reference)
      .run();
    return { reference, token };
  }

  const messageOf = async (reference: string, event: string) =>
    (
      await env.DB.prepare("SELECT id FROM contact_messages WHERE booking_reference = ? AND booking_event = ?")
        .bind(reference, event)
        .all<{ id: string }>()
    ).results;

  async function delivered(id: string) {
    const { mailer, sent } = recordingMailer();
    expect(await deliverContactMessage(env, mailer, id)).toBe("sent");
    expect(sent).toHaveLength(1);
    return readEmail(sent[0]!);
  }

  it("links the renter's and the driver's paperwork from the confirmation, and attaches the signed PDF", async () => {
    const { reference, token } = await placedWithDriver();
    const [confirmed] = await messageOf(reference, "confirmed");
    const confirmation = await delivered(confirmed!.id);
    const links = [...(confirmation.text ?? "").matchAll(/https?:\/\/\S+\/paperwork/g)].map((match) => match[0]);
    expect(links).toHaveLength(2);
    const renterPath = new URL(links[0]!).pathname;
    expect(renterPath).toBe(rentalPaperworkPath(token));
    const driverPath = new URL(links[1]!).pathname;
    const driverPage = await ask(driverPath);
    expect(driverPage.status).toBe(200);
    expect(await driverPage.text()).toContain("Additional driver 1");

    const driverToken = decodeURIComponent(driverPath.split("/").at(-2)!);
    const shown = await shownHash(driverToken);
    expect((await sign(driverToken, { consent: "yes", name: "Charles Babbage", shown })).status).toBe(200);
    const [signed] = await messageOf(reference, "signed");
    const email = await delivered(signed!.id);
    expect(email.subject).toContain("signed paperwork");
    expect(email.attachments.map((file) => file.mimeType)).toEqual(["application/pdf"]);

    const staffPage = await staffAsk(staffBookingPath(reference));
    const text = (await staffPage.text())
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(text).toContain("Renter: not signed");
    expect(text).toMatch(/Additional driver 1: signed by Charles Babbage on/);
    expect(text).toContain("Send the link again");
  });

  it("sends the link again once an hour per booking, from the staff page", async () => {
    const { reference } = await placedWithDriver();
    const again = () =>
      staffAsk(staffBookingPath(reference), {
        method: "POST",
        headers: { Origin: here, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "paperwork-link" }),
      });
    expect((await again()).status).toBe(200);
    expect((await again()).status).toBe(429);
    const [message] = await messageOf(reference, "paperwork");
    const email = await delivered(message!.id);
    expect(email.text).toContain("/paperwork");
  });
});

describe("the paperwork on the day before, in the day view, and at its retention's end", () => {
  const renter = { firstName: "Ada", lastName: "Reminded", email: "ada.reminded@example.org", phone: "570-555-0143" };

  async function confirmedThroughTheApi(first: string) {
    await resetBookingStore();
    const response = await postToApi("/rentals/holds", {
      plan: "six-seater",
      start: first,
      days: 2,
      delivery: { type: "pickup" },
      drivers: 0,
      ageConfirmed: true,
      ...renter,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    await env.DB.prepare("UPDATE bookings SET status = 'confirmed', decided_by = 'terminal' WHERE reference = ?")
      .bind(reference)
      .run();
    return reference;
  }

  it("reminds the renter of unsigned paperwork with its link the day before", async () => {
    const reference = await confirmedThroughTheApi(start);
    expect(await sendBookingReminders(env, dealerTime(addDays(start, -1), "09:30"))).toBe(1);
    const [reminder] = (
      await env.DB.prepare("SELECT id FROM contact_messages WHERE booking_reference = ? AND booking_event = 'reminder'")
        .bind(reference)
        .all<{ id: string }>()
    ).results;
    const { mailer, sent } = recordingMailer();
    expect(await deliverContactMessage(env, mailer, reminder!.id)).toBe("sent");
    const text = (await readEmail(sent[0]!)).text ?? "";
    expect(text).toContain("Rental paperwork still to sign");
    expect(text).toMatch(/\/rentals\/booking\/[^/\s]+\/paperwork/);
  });

  it("shows each rental's paperwork in the staff day view", async () => {
    const soon = addDays(today, 2);
    await confirmedThroughTheApi(soon);
    const view = await staffWeekView({ db: database(env.DB) }, new Date());
    const lines = view.days.flatMap((day) => day.lines).filter((line) => line.name === "Ada Reminded");
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]!.paperwork).toBe("Paperwork: Renter not signed");
  });

  it("deletes signed paperwork past its retention day, with its PDF", async () => {
    const { reference, token } = await confirmedRental();
    await sign(token, { consent: "yes", name: "Ada Lovelace", shown: await shownHash(token) });
    const [row] = await signatures(reference);
    expect(await deleteExpiredPaperwork(env, addDays(today, 365))).toBe(0);
    await env.DB.prepare("UPDATE paperwork_signatures SET delete_after = ? WHERE reference = ?")
      .bind(addDays(today, -1), reference)
      .run();
    expect(await deleteExpiredPaperwork(env, today)).toBe(1);
    expect(await signatures(reference)).toEqual([]);
    expect(await env.PAPERWORK.get(row!.pdfKey)).toBeNull();
  });
});
