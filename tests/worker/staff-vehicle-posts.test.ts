import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { staffVehiclePath, staffVehiclePhotoPath } from "~/config/pages";
import { maxPhotosPerVehicle } from "~/features/photos/photo-intake";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import phonePhotoUrl from "./fixtures/phone-photo-gps-orientation-6.jpg?inline";
import { answerPage } from "./registry-pages";
import { runSql } from "./run-sql";

/**
 * What a staff member's posts to the vehicle pages may do, sent as real requests through the
 * Worker's Access gate and the pages' own actions (issue 55): a post that is not a form is refused
 * with 415, a photo button acts on the photo it was shown beside and only over the version the page
 * showed, a new arrival never takes an id a page's address uses, too many photos are refused before
 * any is encoded, and stored invisible characters show as escapes.
 */
const here = "http://localhost:8787";
const staffMember = "ana@dealer.example";
/** The Worker's bindings as `npm start` gives them: this machine let in as a staff member. */
const staffEnv = { ...env, STAFF_LOCAL_IDENTITY: staffMember } as unknown as Env;

const model = structuredClone(seedCatalogue.find((vehicle) => vehicle.id === "denago-ev-city")!);
const photoOf = (hash: string) => `/photos/${model.id}/${hash}-1600x1200.jpg`;
const [first, second, third] = ["1111111111111111", "2222222222222222", "3333333333333333"].map(photoOf) as [
  string,
  string,
  string,
];
const drawing = model.images[0]!;

const ask = (path: string, init: RequestInit = {}, bindings: Env = staffEnv): Promise<Response> =>
  answerPage(new Request(`${here}${path}`, init), bindings);

/** A form the page posts: its own origin, URL-encoded. */
const post = (path: string, fields: Record<string, string>, bindings?: Env) =>
  ask(
    path,
    {
      method: "POST",
      headers: { Origin: here, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    },
    bindings,
  );

const stored = async (id = model.id) =>
  (await env.DB.prepare("SELECT images, version, name FROM vehicles WHERE id = ?")
    .bind(id)
    .first<{ images: string; version: number; name: string }>())!;

const storedImages = async () => JSON.parse((await stored()).images) as string[];

/** The hidden fields of the buttons beside the page's photo `number` (1 first), as the page shows them now. */
async function photoButtons(number: number): Promise<Record<string, string>> {
  const html = await (await ask(staffVehiclePath(model.id))).text();
  const item = html.split('class="staff-photos__item"')[number]!;
  const form = item.slice(item.indexOf("<form"), item.indexOf("</form>"));
  return Object.fromEntries(
    [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [
      name!,
      value!,
    ]),
  );
}

/** The page's text without markup, as a screen reader reads it. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

beforeEach(async () => {
  const vehicle: Vehicle = { ...model, images: [first, second, third, drawing] };
  await runSql(upsertVehiclesSql([vehicle]));
});

describe("a post to a staff page that is not a form", () => {
  for (const path of [staffVehiclePath(model.id), "/staff/spreadsheet"]) {
    for (const [type, body] of [
      ["text/plain", "intent=save&price=1"],
      ["application/json", JSON.stringify({ intent: "save", price: 1 })],
    ] as const) {
      it(`is refused at ${path} as ${type} with 415, saying what it takes, and changes nothing`, async () => {
        const before = await stored();
        const response = await ask(path, {
          method: "POST",
          headers: { Origin: here, "Content-Type": type },
          body,
        });
        expect(response.status).toBe(415);
        const text = textOf(await response.text());
        expect(text).toContain("A staff page posts a form");
        expect(text).toContain("Nothing was changed.");
        expect(await stored()).toEqual(before);
      });
    }
  }
});

describe("a photo's buttons", () => {
  it("act on the photo they were shown beside: a repeated Remove removes that photo once, and the repeat is refused", async () => {
    const remove = { ...(await photoButtons(2)), intent: "photo-remove" };
    const removed = await post(staffVehiclePath(model.id), remove);
    expect(removed.status).toBe(200);
    expect(textOf(await removed.text())).toContain("Photo 2 is removed.");
    expect(await storedImages()).toEqual([first, third, drawing]);
    const after = await stored();

    // The same tap again (a reload that re-posts, a double tap on a slow line): photo 3 is photo 2 now.
    const again = await post(staffVehiclePath(model.id), remove);
    expect(again.status).toBe(409);
    expect(textOf(await again.text())).toContain("nothing was changed");
    expect(await stored()).toEqual(after);
  });

  it("refuse a post from a page older than the vehicle's last change, changing nothing", async () => {
    const moveUp = { ...(await photoButtons(2)), intent: "photo-up" };
    // Another staff member hides the cart meanwhile: a new version of it.
    const hidden = await post(staffVehiclePath(model.id), {
      intent: "hide",
      version: String((await stored()).version),
    });
    expect(hidden.status).toBe(200);
    const before = await stored();

    const stale = await post(staffVehiclePath(model.id), moveUp);
    expect(stale.status).toBe(409);
    expect(textOf(await stale.text())).toContain(`changed since this page was shown`);
    expect(await stored()).toEqual(before);
    expect(await storedImages()).toEqual([first, second, third, drawing]);

    // From the page as it is now, the same button works.
    const fresh = await post(staffVehiclePath(model.id), { ...(await photoButtons(2)), intent: "photo-up" });
    expect(fresh.status).toBe(200);
    expect(await storedImages()).toEqual([second, first, third, drawing]);
  });
});

describe("a new arrival's id", () => {
  // Each the name of a page: "new" is the new-arrival form's own address, the others fixed words of
  // the site's addresses (src/config/pages.ts).
  for (const name of ["New", "Spreadsheet", "Inventory", "Staff"]) {
    it(`is never a word of the site's addresses: "${name}" gets one of its own`, async () => {
      const word = name.toLowerCase();
      const added = await post("/staff/vehicles/new", { from: "", name, unitsInStock: "1", condition: "new" });
      expect(added.status).toBe(303);
      const location = added.headers.get("Location")!;
      expect(location).toBe(staffVehiclePath(`${word}-2`));
      const page = await ask(location);
      expect(page.status).toBe(200);
      expect(textOf(await page.text())).toContain(`${name} Status: draft`);
      // The form is still the form.
      expect(textOf(await (await ask("/staff/vehicles/new")).text())).toContain("Add the draft");
      expect(await env.DB.prepare("SELECT 1 FROM vehicles WHERE id = ?").bind(word).first()).toBeNull();
    });
  }
});

describe("an upload of more photos than a vehicle may have", () => {
  it("is refused before any photo is encoded, saying the limit, and stores nothing", async () => {
    const photo = Uint8Array.from(atob(phonePhotoUrl.slice(phonePhotoUrl.indexOf(",") + 1)), (char) =>
      char.charCodeAt(0),
    );
    // The Images binding, counting every call: each photo costs a dozen encodes through it.
    let imageCalls = 0;
    const images = new Proxy(env.IMAGES, {
      get(target, property) {
        const value = Reflect.get(target, property) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          imageCalls += 1;
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const bindings = { ...staffEnv, IMAGES: images } as Env;
    const form = new FormData();
    form.set("intent", "add-photos");
    for (let index = 1; index <= 30; index += 1) form.append("photos", new File([photo], `IMG_${index}.JPG`));
    const before = await stored();

    const started = Date.now();
    const response = await ask(
      staffVehiclePath(model.id),
      { method: "POST", headers: { Origin: here }, body: form },
      bindings,
    );
    const took = Date.now() - started;
    expect(response.status).toBe(400);
    const text = textOf(await response.text());
    expect(text).toContain(
      `30 photos would give ${model.id} 33; a vehicle may have at most ${maxPhotosPerVehicle} photos`,
    );
    expect(text).toContain(`choose at most ${maxPhotosPerVehicle - 3}`);
    // Said at the top and beside the field, not once for each file.
    expect(text.split("a vehicle may have at most").length - 1).toBe(2);
    expect(imageCalls).toBe(0);
    expect((await env.PHOTOS.list({ prefix: `${model.id}/` })).objects).toEqual([]);
    expect(await stored()).toEqual(before);
    // No encoding: well under the second one photo's dozen encodes take.
    expect(took).toBeLessThan(5_000);
  });
});

describe("the address the vehicle page's island posts each photo to", () => {
  const photo = () =>
    new File(
      [Uint8Array.from(atob(phonePhotoUrl.slice(phonePhotoUrl.indexOf(",") + 1)), (char) => char.charCodeAt(0))],
      "IMG_0001.JPG",
    );
  const send = (files: File[], headers: Record<string, string> = { Origin: here }, bindings?: Env) => {
    const form = new FormData();
    form.set("intent", "add-photos");
    for (const file of files) form.append("photos", file);
    return ask(staffVehiclePhotoPath(model.id), { method: "POST", headers, body: form }, bindings);
  };

  it("adds one photo after the others through the page's own change, and answers in JSON", async () => {
    const response = await send([photo()]);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(await response.json()).toEqual({ message: "Added 1 photo." });
    const images = await storedImages();
    expect(images.slice(0, 3)).toEqual([first, second, third]);
    expect(images).toHaveLength(5);
    // Processed as every staff photo is: turned upright (orientation 6 makes it taller than wide).
    const [width, height] = /-(\d+)x(\d+)\.jpg$/.exec(images[3]!)!.slice(1).map(Number) as [number, number];
    expect(height).toBeGreaterThan(width);
  });

  it("takes one photo a post, refusing two by field with nothing stored", async () => {
    const before = await stored();
    const response = await send([photo(), new File([photo()], "IMG_0002.JPG")]);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^photos: /);
    expect(await stored()).toEqual(before);
  });

  it("answers only staff, from the site's own pages", async () => {
    const outsider = { ...env } as unknown as Env;
    expect((await send([photo()], { Origin: here }, outsider)).status).toBe(403);
    expect((await send([photo()], { Origin: "https://elsewhere.example" })).status).toBe(403);
    expect((await ask(staffVehiclePhotoPath(model.id))).status).toBe(405);
    expect(await storedImages()).toEqual([first, second, third, drawing]);
  });
});

describe("stored text on the staff pages", () => {
  it("shows control and text-direction characters as escapes, as the commands do, never raw", async () => {
    // A name whose right-to-left override makes "Cart 0001$" read as "Cart $1000", and a bell in the stock number.
    const name = "Cart \u202e0001$";
    await env.DB.prepare("UPDATE vehicles SET name = ?, stock_number = ? WHERE id = ?")
      .bind(name, "A\u0007-17", model.id)
      .run();
    for (const path of [staffVehiclePath(model.id), "/staff/vehicles"]) {
      const html = await (await ask(path)).text();
      const shown = textOf(html);
      expect(shown, path).toContain("Cart \\u202e0001$");
      expect(shown, path).toContain("stock A\\u0007-17");
      // Outside the form's own fields, where staff edit the value as it is, no hidden character is sent.
      const outsideFields = html.replace(/<input[^>]*>|<textarea[^>]*>[^<]*<\/textarea>/g, "");
      expect(outsideFields, path).not.toMatch(/[\u202e\u0007]/);
    }
  });
});
