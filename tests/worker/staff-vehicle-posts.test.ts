import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { staffVehiclePath } from "~/config/pages";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
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

const stored = async (id = model.id) =>
  (await env.DB.prepare("SELECT images, version, name FROM vehicles WHERE id = ?")
    .bind(id)
    .first<{ images: string; version: number; name: string }>())!;

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
