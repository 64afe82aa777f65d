import { newToken } from "~/server/booking-keys.server";
import { env } from "cloudflare:test";
import { SaxesParser } from "saxes";
import { beforeAll, describe, expect, it } from "vitest";
import {
  staffTradeInPath,
  staffTradeInPhotoPath,
  tradeInDraftPhotoPath,
  tradeInPath,
  tradeInPathFor,
} from "~/config/pages";
import { visitorLimits } from "~/config/visitor-limits";
import { deliverContactMessage } from "~/features/mail/mail-delivery.server";
import { answerPhotoRequest } from "~/features/photos/photo-files.server";
import { jpegSegmentNames } from "~/features/photos/photo-intake";
import { deleteExpiredTradeIns } from "~/features/trade-ins/trade-in-retention.server";
import { tokenHash } from "~/server/booking-keys.server";
import { clientKey } from "~/server/client-key.server";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { freshClientIp, readEmail, recordingMailer, withinOneRateWindow } from "./contact-support";
// 1200x1000 stored with EXIF orientation 6 (1000x1200 upright), a GPS position and the phone's make.
import phonePhotoUrl from "./fixtures/phone-photo-gps-orientation-6.jpg?inline";
import { answerPage } from "./registry-pages";
import { runSql } from "./run-sql";

/**
 * Trade-ins (issue 58) through the page's own action and the staff pages, as the Worker serves them:
 * refusals name the field, the limits hold in the storing statement, the photos are stored upright,
 * without metadata, where only staff pages serve them, the lead names the cart as a trade-in, and
 * staff's answer goes once, from the page as it was shown.
 */
const here = "http://localhost:8787";
const staffMember = "ana@dealer.example";
const staffEnv = { ...env, STAFF_LOCAL_IDENTITY: staffMember } as unknown as Env;
const wanted = seedCatalogue.find((vehicle) => vehicle.id === "denago-ev-city")!;

function bytesOf(dataUrl: string): Uint8Array<ArrayBuffer> {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(",") + 1));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
const phonePhoto = bytesOf(phonePhotoUrl);

let people = 0;
/** A trade-in as a customer fills it in, from a person of their own. */
function tradeIn(
  overrides: Record<string, string> = {},
): Record<string, string> & { email: string; conditionNotes: string } {
  people += 1;
  return {
    firstName: "Walt",
    lastName: "Kowalski",
    email: `walt${people}@example.org`,
    phone: `570-555-${String(1000 + people).slice(-4)}`,
    vehicle: wanted.id,
    year: "2019",
    make: "E-Z-GO",
    model: "TXT 48",
    serial: "5123-456789",
    power: "electric",
    battery: "lead-acid",
    batteryYear: "2022",
    seats: "4",
    lifted: "no",
    streetLegal: "no",
    conditionNotes: "Runs well, new tires last spring, a crack in the windshield.",
    ...overrides,
  };
}

/** The trade-in page's form as the browser sends it without JavaScript: one multipart post. */
function postTradeIn(
  fields: Record<string, string | string[]>,
  photos: Record<string, Uint8Array> = {},
  ip = freshClientIp(),
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
  for (const [name, bytes] of Object.entries(photos)) {
    form.set(name, new File([bytes as Uint8Array<ArrayBuffer>], `${name}.jpg`, { type: "image/jpeg" }));
  }
  return answerPage(
    new Request(`${here}${tradeInPathFor(fields.vehicle as string)}`, {
      method: "POST",
      headers: { Origin: here, "CF-Connecting-IP": ip },
      body: form,
    }),
    env,
  );
}

type Row = {
  id: string;
  status: string;
  version: number;
  photos: string;
  offer_low_cents: number | null;
  offer_high_cents: number | null;
  answered_by: string | null;
  answered_at: string | null;
};
const rowOf = (email: string) => env.DB.prepare("SELECT * FROM trade_ins WHERE email = ?").bind(email).first<Row>();
const messagesOf = (id: string) =>
  env.DB.prepare("SELECT id, trade_in_event FROM contact_messages WHERE trade_in_id = ? ORDER BY created_at")
    .bind(id)
    .all<{ id: string; trade_in_event: string }>();

/** Byte strings phone metadata is made of: the EXIF header, the GPS IFD's tag and the maker's words. */
function carriesMetadata(bytes: Uint8Array): boolean {
  const text = String.fromCharCode(...bytes);
  return text.includes("Exif\0\0") || text.includes("Camera 15") || text.includes("\x25\x88");
}

const staffPost = (path: string, fields: Record<string, string>) =>
  answerPage(
    new Request(`${here}${path}`, {
      method: "POST",
      headers: { Origin: here, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }),
    staffEnv,
  );

beforeAll(async () => {
  await runSql(upsertVehiclesSql([wanted]));
});

describe("the trade-in form's refusals", () => {
  it("answers 400 naming each wrong field beside it, keeps what was typed, and stores nothing", async () => {
    const typed = tradeIn({ year: "19", serial: "", power: "gas", battery: "lithium", lifted: "maybe" });
    const response = await postTradeIn(typed);
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const field of ["year", "serial", "battery", "lifted"]) {
      expect(html, field).toContain(`id="trade-in-${field}-error"`);
    }
    expect(html).toContain("Enter the cart&#x27;s model year");
    expect(html).toContain("A gas cart has no drive batteries");
    // What was typed comes back: the model, the condition, the person.
    expect(html).toContain('value="TXT 48"');
    expect(html).toContain("a crack in the windshield");
    expect(html).toContain(`value="${typed.email}"`);
    // Still about the cart they want, from its vehicle page.
    expect(html).toContain(`<input type="hidden" name="vehicle" value="${wanted.id}"/>`);
    expect(await rowOf(typed.email)).toBeNull();
  });

  it("refuses a file that is not a photo by the photo's own field, and keeps no photo of the request", async () => {
    const typed = tradeIn();
    const before = (await env.PAPERWORK.list({ prefix: "trade-ins/" })).objects.length;
    const response = await postTradeIn(typed, { photo1: phonePhoto, photo2: new TextEncoder().encode("not a photo") });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('id="trade-in-photo2-error"');
    expect(html).toContain("The battery date codes photo");
    expect(await rowOf(typed.email)).toBeNull();
    expect((await env.PAPERWORK.list({ prefix: "trade-ins/" })).objects.length).toBe(before);
    // The good photo is kept for the next try, offered ticked; the refused one is not.
    expect(html).toMatch(/<input type="checkbox" name="fromDraft" checked="" value="photo1"/);
    expect(html).not.toContain('value="photo2" checked');
  });

  it("keeps the photos a refused form carried, so the next try sends only its fields and gets them all", async () => {
    const typed = tradeIn();
    const refused = await postTradeIn(
      { ...typed, email: typed.email.replace(/\.org$/, ",org") },
      {
        photo1: phonePhoto,
        photo3: phonePhoto,
      },
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('id="trade-in-email-error"');
    expect(html).toContain("We kept the photos you sent");
    // A fresh draft, in this answer only, holding both photos made staff-only (no metadata).
    const draft = /<input type="hidden" name="draft" value="([\w-]{43})"/.exec(html)?.[1];
    expect(draft).toBeDefined();
    const rows = await draftRowsOf(draft!);
    expect(rows.map((row) => row.slot).sort()).toEqual(["photo1", "photo3"]);
    for (const row of rows) {
      expect(carriesMetadata(new Uint8Array(await (await env.PAPERWORK.get(row.photo_key))!.arrayBuffer()))).toBe(
        false,
      );
    }
    for (const slot of ["photo1", "photo3"]) {
      expect(html).toMatch(new RegExp(`<input type="checkbox" name="fromDraft" checked="" value="${slot}"`));
    }

    // The next try, as the browser sends the page again: the fields, the draft and the two ticked boxes.
    expect((await postTradeIn({ ...typed, draft: draft!, fromDraft: ["photo1", "photo3"] })).status).toBe(303);
    const photos = JSON.parse((await rowOf(typed.email))!.photos) as { label: string }[];
    expect(photos.map((photo) => photo.label)).toEqual(["Serial number plate", "Front of the cart"]);
    expect(await draftRowsOf(draft!)).toEqual([]);
  });

  it("asks again by name for a kept photo that waited past its hours, never sending the request without it", async () => {
    const typed = tradeIn();
    const refused = await postTradeIn({ ...typed, serial: "" }, { photo1: phonePhoto });
    const draft = /name="draft" value="([\w-]{43})"/.exec(await refused.text())![1]!;
    // The next day's clean-up takes the draft's photos, as it takes any never sent with a form.
    await deleteExpiredTradeIns(env, new Date(Date.now() + 25 * 3_600_000));
    expect(await draftRowsOf(draft)).toEqual([]);
    const late = await postTradeIn({ ...typed, draft, fromDraft: "photo1" });
    expect(late.status).toBe(400);
    const html = await late.text();
    expect(html).toContain('id="trade-in-photo1-error"');
    expect(html).toContain("We no longer have the photo sent for this place");
    expect(await rowOf(typed.email)).toBeNull();
  });

  it("leaves out a kept photo whose box was unticked", async () => {
    const typed = tradeIn();
    const refused = await postTradeIn({ ...typed, serial: "" }, { photo1: phonePhoto, photo2: phonePhoto });
    const draft = /name="draft" value="([\w-]{43})"/.exec(await refused.text())![1]!;
    expect((await postTradeIn({ ...typed, draft, fromDraft: "photo2" })).status).toBe(303);
    const photos = JSON.parse((await rowOf(typed.email))!.photos) as { label: string }[];
    expect(photos.map((photo) => photo.label)).toEqual(["Battery date codes"]);
  });
});

describe("a trade-in taken", () => {
  it("stores its photos upright, without metadata, in the private bucket that only staff pages serve", async () => {
    const typed = tradeIn();
    const response = await postTradeIn(typed, { photo1: phonePhoto, photo3: phonePhoto });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${tradeInPath}?sent`);
    const row = (await rowOf(typed.email))!;
    expect(row).toMatchObject({ status: "waiting", version: 1 });
    const photos = JSON.parse(row.photos) as { key: string; label: string }[];
    expect(photos.map((photo) => photo.label)).toEqual(["Serial number plate", "Front of the cart"]);
    for (const [index, photo] of photos.entries()) {
      const stored = await env.PAPERWORK.get(photo.key);
      const bytes = new Uint8Array(await stored!.arrayBuffer());
      expect(carriesMetadata(bytes)).toBe(false);
      expect(
        jpegSegmentNames(bytes).filter((name) => name.startsWith("APP") && name !== "APP0" && name !== "APP2"),
      ).toEqual([]);
      const size = await env.IMAGES.info(new Blob([bytes]).stream());
      // Upright: the portrait shot is taller than wide, as it was taken.
      expect(size).toMatchObject({ width: 1000, height: 1200 });
      // Never in the public photo bucket, nor at a public address.
      expect(await env.PHOTOS.head(photo.key)).toBeNull();
      const publicly = await answerPhotoRequest(new Request(`${here}/photos/${photo.key}`), env.PHOTOS);
      expect(publicly.status).toBe(404);
      // The staff page serves it, behind the Access check.
      const forStaff = await answerPage(new Request(`${here}${staffTradeInPhotoPath(row.id, index + 1)}`), staffEnv);
      expect(forStaff.status).toBe(200);
      expect(forStaff.headers.get("Content-Type")).toBe("image/jpeg");
      expect(carriesMetadata(new Uint8Array(await forStaff.arrayBuffer()))).toBe(false);
      const outsider = await answerPage(new Request(`${here}${staffTradeInPhotoPath(row.id, index + 1)}`), env);
      expect(outsider.status).toBe(403);
    }
  });

  it("e-mails the customer a receipt, staff a link to its page, and the CRM an ADF lead of the cart as a trade-in", async () => {
    const typed = tradeIn({ model: 'TXT <48V> & "Freedom"' });
    expect((await postTradeIn(typed, { photo1: phonePhoto })).status).toBe(303);
    const row = (await rowOf(typed.email))!;
    const [announcement] = (await messagesOf(row.id)).results;
    expect(announcement?.trade_in_event).toBe("received");
    const { mailer, sent } = recordingMailer();
    const withCrm = { ...env, CRM_LEAD_EMAIL_TO: "leads@crm.example.com" } as Env;
    expect(await deliverContactMessage(withCrm, mailer, announcement!.id)).toBe("sent");
    expect(sent.map((email) => email.to)).toEqual([typed.email, env.STAFF_EMAIL_TO, "leads@crm.example.com"]);

    const customer = await readEmail(sent[0]!);
    expect(customer.subject).toContain("trade-in");
    expect(customer.text).toContain(`Reference: ${row.id}`);
    expect(customer.text).toContain("Your cart: 2019 E-Z-GO");
    // What the customer typed never goes back out to the address they gave.
    expect(customer.text).not.toContain("Freedom");

    const staff = await readEmail(sent[1]!);
    expect(staff.subject).toContain("Trade-in of a 2019 E-Z-GO from Walt Kowalski");
    expect(staff.text?.split("\n")[0]).toMatch(
      new RegExp(`^Answer with a value from your phone: https?://[^/]+${staffTradeInPath(row.id)}$`),
    );
    // The customer's own words are quoted as theirs.
    expect(staff.text).toContain("  | Runs well, new tires last spring");
    expect(staff.text).toContain("  | TXT <48V>");

    // The lead rides along with the staff e-mail too, for a dealer without a CRM address.
    const attached = staff.attachments.find((file) => file.filename?.endsWith(".adf.xml"));
    const attachedText =
      typeof attached?.content === "string" ? attached.content : new TextDecoder().decode(attached?.content);
    expect(attachedText).toContain('<vehicle interest="trade-in" status="used"><year>2019</year>');

    const lead = (await readEmail(sent[2]!)).text ?? "";
    const vehicles: { interest: string; texts: Record<string, string> }[] = [];
    let open: string | null = null;
    const parser = new SaxesParser();
    parser.on("opentag", (tag) => {
      if (tag.name === "vehicle") vehicles.push({ interest: String(tag.attributes.interest ?? "buy"), texts: {} });
      open = tag.name;
    });
    parser.on("text", (text) => {
      const current = vehicles.at(-1);
      if (current && open && text.trim()) current.texts[open] = (current.texts[open] ?? "") + text;
    });
    parser.on("closetag", (tag) => {
      if (tag.name === "vehicle") open = null;
    });
    parser.write(lead).close();
    expect(vehicles[0]).toEqual({
      interest: "trade-in",
      texts: {
        year: "2019",
        make: "E-Z-GO",
        model: 'TXT <48V> & "Freedom"',
        vin: "5123-456789",
        comments: typed.conditionNotes,
      },
    });
    expect(vehicles[1]?.interest).toBe("buy");
    expect(vehicles[1]?.texts.stock).toBe(wanted.id);
  });
});

describe("the trade-in limits, held in the storing statement", () => {
  it("refuses a person's third waiting trade-in with a 429 that says why, from any connection", async () => {
    await withinOneRateWindow();
    const person = tradeIn();
    for (let count = 0; count < visitorLimits.waitingRequestsPerPerson; count += 1) {
      expect((await postTradeIn({ ...person, phone: `570-555-2${count}00` })).status).toBe(303);
    }
    const refused = await postTradeIn({ ...person, phone: "570-555-2900" });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(
      `This e-mail address already has ${visitorLimits.waitingRequestsPerPerson} trade-ins waiting`,
    );
  });

  it("refuses a connection's third trade-in within the hour, whoever it names", async () => {
    await withinOneRateWindow();
    const ip = freshClientIp();
    for (let count = 0; count < visitorLimits.contactMessagesFrom.client; count += 1) {
      expect((await postTradeIn(tradeIn(), {}, ip)).status).toBe(303);
    }
    const refused = await postTradeIn(tradeIn(), {}, ip);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Your connection has sent");
  });
});

describe("staff's answer", () => {
  it("records the range with who and when, e-mails it to the customer, and refuses a stale form", async () => {
    const typed = tradeIn();
    expect((await postTradeIn(typed)).status).toBe(303);
    const row = (await rowOf(typed.email))!;
    const page = await (await answerPage(new Request(`${here}${staffTradeInPath(row.id)}`), staffEnv)).text();
    expect(page).toContain('name="version" value="1"');
    expect(page).toContain(`/staff/vehicles/new?tradeIn=${row.id}`);
    // "Start a new arrival from it": the new-arrival form, filled from the cart.
    const arrival = await (
      await answerPage(new Request(`${here}/staff/vehicles/new?tradeIn=${row.id}`), staffEnv)
    ).text();
    expect(arrival).toContain('value="2019 E-Z-GO TXT 48"');
    expect(arrival).toContain('<option value="pre-owned" selected="">');
    expect(arrival).toContain('value="5123-456789"');
    expect(arrival).toContain("a crack in the windshield");

    // The day view counts the trade-ins waiting for a value.
    const waitingNow = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM trade_ins WHERE status = 'waiting'").first<{ n: number }>())!.n;
    const dayView = async () =>
      (await (await answerPage(new Request(`${here}/staff`), staffEnv)).text()).replace(/<!-- -->/g, "");
    const before = await waitingNow();
    expect(before).toBeGreaterThan(0);
    expect(await dayView()).toContain(`Trade-ins</a>: ${before} waiting for a value`);

    const backwards = await staffPost(staffTradeInPath(row.id), {
      version: "1",
      low: "3,200",
      high: "2500",
      days: "14",
    });
    expect(backwards.status).toBe(400);
    expect(await backwards.text()).toContain("high: must be at least the low value");
    expect((await rowOf(typed.email))!.status).toBe("waiting");

    const answer = { version: "1", low: "$2,500", high: "3200.50", days: "14", note: "Batteries tested fine." };
    const answered = await staffPost(staffTradeInPath(row.id), answer);
    expect(answered.status).toBe(200);
    const after = (await rowOf(typed.email))!;
    expect(after).toMatchObject({
      status: "answered",
      version: 2,
      offer_low_cents: 250_000,
      offer_high_cents: 320_050,
      answered_by: staffMember,
    });
    expect(Date.now() - Date.parse(after.answered_at!)).toBeLessThan(60_000);
    expect(await dayView()).toContain(`Trade-ins</a>: ${before - 1} waiting for a value`);

    // The same form posted again (a second staff member's, shown before the answer) changes nothing.
    const stale = await staffPost(staffTradeInPath(row.id), { ...answer, low: "100", high: "200" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain(`answered by ${staffMember}`);
    expect((await rowOf(typed.email))!).toMatchObject({ version: 2, offer_low_cents: 250_000 });

    const answers = (await messagesOf(row.id)).results.filter((message) => message.trade_in_event === "answered");
    expect(answers).toHaveLength(1);
    const { mailer, sent } = recordingMailer();
    expect(await deliverContactMessage(env, mailer, answers[0]!.id)).toBe("sent");
    expect(sent.map((email) => email.to)).toEqual([typed.email]);
    const letter = await readEmail(sent[0]!);
    expect(letter.text).toContain("Value range: $2,500.00 to $3,200.50");
    expect(letter.text).toContain("Offer holds until:");
    expect(letter.text).toContain("From our staff: Batteries tested fine.");

    const list = await (await answerPage(new Request(`${here}/staff/trade-ins`), staffEnv)).text();
    const line = list.split('data-testid="staff-trade-in-line"').find((each) => each.includes(row.id))!;
    expect(line).toContain("Answered");
    expect(line).toContain("answered after");
  });
});

describe("retention", () => {
  it("deletes a trade-in and its photos once its period has passed, and nothing sooner", async () => {
    const typed = tradeIn();
    expect((await postTradeIn(typed, { photo1: phonePhoto })).status).toBe(303);
    const row = (await rowOf(typed.email))!;
    const [photo] = JSON.parse(row.photos) as { key: string }[];
    await deleteExpiredTradeIns(env, new Date(Date.now() + 300 * 86_400_000));
    expect(await rowOf(typed.email)).not.toBeNull();
    expect((await messagesOf(row.id)).results).toHaveLength(1);
    await deleteExpiredTradeIns(env, new Date(Date.now() + 400 * 86_400_000));
    expect(await rowOf(typed.email)).toBeNull();
    expect(await env.PAPERWORK.head(photo!.key)).toBeNull();
    // Its e-mails' stored copies go with it: the announcement quotes what the customer wrote.
    expect((await messagesOf(row.id)).results).toEqual([]);
  });
});

/**
 * A draft token as the page's island makes one in the browser (32 random bytes, base64url). The
 * page itself carries none: it is one copy for every visitor (the edge cache), so a token in its
 * HTML would be shared by all of them.
 */
async function draftOfPage(): Promise<string> {
  const html = await (await answerPage(new Request(`${here}${tradeInPath}`), env)).text();
  expect(html).not.toMatch(/name="draft"/);
  return newToken();
}

/** One photo sent ahead of the form, as the page's island posts it. */
function postDraftPhoto(draft: string, slot: string, bytes: Uint8Array, ip = freshClientIp()) {
  const form = new FormData();
  form.set("draft", draft);
  form.set(slot, new File([bytes as Uint8Array<ArrayBuffer>], "IMG_0412.jpg", { type: "image/jpeg" }));
  return answerPage(
    new Request(`${here}${tradeInDraftPhotoPath}`, {
      method: "POST",
      headers: { Origin: here, "CF-Connecting-IP": ip, Accept: "application/json" },
      body: form,
    }),
    env,
  );
}

const draftRowsOf = async (draft: string) =>
  (
    await env.DB.prepare("SELECT photo_key, slot, created_at FROM trade_in_draft_photos WHERE draft_hash = ?")
      .bind(await tokenHash(draft))
      .all<{ photo_key: string; slot: string; created_at: string }>()
  ).results;

describe("photos sent ahead of the form (the page's island)", () => {
  it("stores each photo upright and metadata-free in the private bucket, and the form then takes it", async () => {
    const draft = await draftOfPage();
    const answer = await postDraftPhoto(draft, "photo1", phonePhoto);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ message: "Received the serial number plate photo." });
    const [row] = await draftRowsOf(draft);
    expect(row?.slot).toBe("photo1");
    // The token itself is stored nowhere: not in the row, not in the photo's key.
    expect(row!.photo_key).not.toContain(draft);
    const stored = new Uint8Array(await (await env.PAPERWORK.get(row!.photo_key))!.arrayBuffer());
    expect(carriesMetadata(stored)).toBe(false);
    expect(await env.IMAGES.info(new Blob([stored]).stream())).toMatchObject({ width: 1000, height: 1200 });
    expect(await env.PHOTOS.head(row!.photo_key)).toBeNull();

    // The form posts its fields, the token and the slot it left empty because its photo arrived,
    // and photo3 chosen as it is.
    const typed = tradeIn({ draft, fromDraft: "photo1" });
    expect((await postTradeIn(typed, { photo3: phonePhoto })).status).toBe(303);
    const trade = (await rowOf(typed.email))!;
    const photos = JSON.parse(trade.photos) as { key: string; label: string }[];
    expect(photos.map((photo) => photo.label)).toEqual(["Serial number plate", "Front of the cart"]);
    const first = new Uint8Array(await (await env.PAPERWORK.get(photos[0]!.key))!.arrayBuffer());
    expect(first).toEqual(stored);
    const forStaff = await answerPage(new Request(`${here}${staffTradeInPhotoPath(trade.id, 1)}`), staffEnv);
    expect(forStaff.status).toBe(200);
    // The draft is used up: its rows and its object are gone.
    expect(await draftRowsOf(draft)).toEqual([]);
    expect(await env.PAPERWORK.head(row!.photo_key)).toBeNull();
  });

  it("refuses a file that is not a photo with a 400 naming its place in the form, and keeps nothing", async () => {
    const draft = await draftOfPage();
    const before = (await env.PAPERWORK.list({ prefix: "trade-in-drafts/" })).objects.length;
    const answer = await postDraftPhoto(draft, "photo2", new TextEncoder().encode("not a photo"));
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toContain("The battery date codes photo");
    expect(await draftRowsOf(draft)).toEqual([]);
    expect((await env.PAPERWORK.list({ prefix: "trade-in-drafts/" })).objects.length).toBe(before);
  });

  it("answers 429 past a draft's and a client's photos in the hour, keeping no photo it refused", async () => {
    const fill = async (column: "draft_hash" | "client_key", key: string, count: number) => {
      for (let index = 0; index < count; index += 1) {
        await env.DB.prepare(
          `INSERT INTO trade_in_draft_photos (photo_key, draft_hash, slot, client_key) VALUES (?, ?, 'photo1', ?)`,
        )
          .bind(
            `trade-in-drafts/filled/${crypto.randomUUID()}.jpg`,
            column === "draft_hash" ? key : "filled",
            column === "client_key" ? key : "filled",
          )
          .run();
      }
    };
    const before = (await env.PAPERWORK.list({ prefix: "trade-in-drafts/" })).objects.length;
    const busyDraft = await draftOfPage();
    await fill("draft_hash", await tokenHash(busyDraft), visitorLimits.tradeInDraftPhotosFrom.draft);
    const byDraft = await postDraftPhoto(busyDraft, "photo1", phonePhoto);
    expect(byDraft.status).toBe(429);
    expect(((await byDraft.json()) as { message: string }).message).toContain("within an hour");

    const busyIp = freshClientIp();
    const busyClient = clientKey(new Request(here, { headers: { "CF-Connecting-IP": busyIp } }));
    await fill("client_key", busyClient, visitorLimits.tradeInDraftPhotosFrom.client);
    expect((await postDraftPhoto(await draftOfPage(), "photo1", phonePhoto, busyIp)).status).toBe(429);
    // Another connection's fresh draft still gets through.
    expect((await postDraftPhoto(await draftOfPage(), "photo1", phonePhoto)).status).toBe(200);
    expect((await env.PAPERWORK.list({ prefix: "trade-in-drafts/" })).objects.length).toBe(before + 1);
  });

  it("takes only the photos of the draft token the form carries, never another visitor's", async () => {
    const theirs = await draftOfPage();
    expect((await postDraftPhoto(theirs, "photo1", phonePhoto)).status).toBe(200);
    const mine = await draftOfPage();
    const typed = tradeIn({ draft: mine, fromDraft: "photo1" });
    // This form's draft holds no photo for that place, so it is asked for again, not found elsewhere.
    const answer = await postTradeIn(typed);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("We no longer have the photo sent for this place");
    expect(await rowOf(typed.email)).toBeNull();
    // Their photo waits for their own form.
    expect(await draftRowsOf(theirs)).toHaveLength(1);
  });

  it("leaves out a photo sent ahead that the form does not name, as one the customer took back", async () => {
    const draft = await draftOfPage();
    expect((await postDraftPhoto(draft, "photo1", phonePhoto)).status).toBe(200);
    expect((await postDraftPhoto(draft, "photo2", phonePhoto)).status).toBe(200);
    const typed = tradeIn({ draft, fromDraft: "photo2" });
    expect((await postTradeIn(typed)).status).toBe(303);
    const photos = JSON.parse((await rowOf(typed.email))!.photos) as { label: string }[];
    expect(photos.map((photo) => photo.label)).toEqual(["Battery date codes"]);
  });

  it("answers a GET with 405 and changes nothing", async () => {
    const answer = await answerPage(new Request(`${here}${tradeInDraftPhotoPath}`), env);
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe("POST");
  });

  it("deletes a draft's photos the form never took once a day has passed, and nothing sooner", async () => {
    const draft = await draftOfPage();
    expect((await postDraftPhoto(draft, "photo4", phonePhoto)).status).toBe(200);
    const [row] = await draftRowsOf(draft);
    await deleteExpiredTradeIns(env, new Date(Date.now() + 23 * 3_600_000));
    expect(await draftRowsOf(draft)).toHaveLength(1);
    await deleteExpiredTradeIns(env, new Date(Date.now() + 25 * 3_600_000));
    expect(await draftRowsOf(draft)).toEqual([]);
    expect(await env.PAPERWORK.head(row!.photo_key)).toBeNull();
  });
});
