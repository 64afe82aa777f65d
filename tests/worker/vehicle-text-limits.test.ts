import { env } from "cloudflare:test";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { beforeEach, describe, expect, it } from "vitest";
import { staffVehiclePath } from "~/config/pages";
import { vehicleTextLimits } from "~/features/catalogue/vehicle";
import { catalogueCsv } from "~/features/catalogue-upkeep/catalogue-csv";
import { readStoredCatalogue } from "~/features/catalogue-upkeep/catalogue-csv-import.server";
import { database } from "~/server/db.server";
import { validateCatalogueFile } from "../../scripts/staff/catalogue-file";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { answerPage } from "./registry-pages";
import { runSql } from "./run-sql";

/**
 * Each text of a vehicle has one limit (vehicleTextLimits), and every way in keeps it (issue 55: a
 * 3,000,000-character description was saved, where D1 in production refuses a row over 2 MB): the
 * staff form says it with `maxlength`, and the page's save, the JSON import and the spreadsheet
 * import each refuse a longer text by its field (or row and column), writing nothing.
 */
const here = "http://localhost:8787";
const staffEnv = {
  ...env,
  STAFF_LOCAL_IDENTITY: "ana@dealer.example",
  SPREADSHEET_SIGNING_KEY: "a test key, not a secret",
} as unknown as Env;
const model = structuredClone(seedCatalogue.find((vehicle) => vehicle.id === "denago-ev-city")!);
const limit = vehicleTextLimits.description;

const ask = (path: string, init: RequestInit = {}) => answerPage(new Request(`${here}${path}`, init), staffEnv);
const post = (path: string, body: URLSearchParams | FormData) =>
  ask(path, {
    method: "POST",
    headers:
      body instanceof URLSearchParams
        ? { Origin: here, "Content-Type": "application/x-www-form-urlencoded" }
        : { Origin: here },
    body,
  });

const stored = async () =>
  (await env.DB.prepare("SELECT description, features, version FROM vehicles WHERE id = ?")
    .bind(model.id)
    .first<{ description: string; features: string; version: number }>())!;

/** The page's text as a reader sees it: React's markers between text nodes are not spaces. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

beforeEach(async () => {
  await runSql(upsertVehiclesSql([model]));
});

describe("a vehicle's staff page", () => {
  it("gives each text field the limit the rules check as its maxlength", async () => {
    const html = await (await ask(staffVehiclePath(model.id))).text();
    const maxLengthOf = (element: "input" | "textarea", name: string) => {
      const tag = new RegExp(`<${element}[^>]*name="${name.replace(".", "\\.")}"[^>]*>`).exec(html)?.[0] ?? "";
      return Number(/maxlength="(\d+)"/i.exec(tag)?.[1]);
    };
    expect(maxLengthOf("textarea", "description")).toBe(vehicleTextLimits.description);
    expect(maxLengthOf("input", "name")).toBe(vehicleTextLimits.name);
    expect(maxLengthOf("input", "brand")).toBe(vehicleTextLimits.brand);
    expect(maxLengthOf("input", "category")).toBe(vehicleTextLimits.category);
    expect(maxLengthOf("input", "colour")).toBe(vehicleTextLimits.colour);
    expect(maxLengthOf("input", "stockNumber")).toBe(vehicleTextLimits.stockNumber);
    expect(maxLengthOf("input", "externalUrl")).toBe(vehicleTextLimits.externalUrl);
    expect(maxLengthOf("input", "spec.range")).toBe(vehicleTextLimits.specificationValue);
    expect(maxLengthOf("input", "newSpecName")).toBe(vehicleTextLimits.specificationName);
    // Every line at its longest, and the line breaks between them.
    expect(maxLengthOf("textarea", "features")).toBe(vehicleTextLimits.features * (vehicleTextLimits.feature + 1) - 1);
  });

  it("refuses a 3,000,000-character description with 400, by its field, and saves nothing", async () => {
    const before = await stored();
    const response = await post(
      staffVehiclePath(model.id),
      new URLSearchParams({ intent: "save", version: String(before.version), description: "x".repeat(3_000_000) }),
    );
    expect(response.status).toBe(400);
    const text = textOf(await response.text());
    expect(text).toContain(`description: description must be at most ${limit.toLocaleString("en-US")} characters`);
    expect(await stored()).toEqual(before);
  });

  it("saves a description of exactly the limit typed with line breaks, which the browser sends as CRLF", async () => {
    const lines = ["a".repeat(100), ...Array.from({ length: 49 }, () => "b".repeat(99))];
    expect(lines.join("\n")).toHaveLength(limit);
    const response = await post(
      staffVehiclePath(model.id),
      new URLSearchParams({
        intent: "save",
        version: String((await stored()).version),
        description: lines.join("\r\n"),
      }),
    );
    expect(response.status).toBe(200);
    expect((await stored()).description).toBe(lines.join("\n"));
  });
});

describe("the JSON import (npm run catalogue -- import)", () => {
  it("refuses a text over its limit by row and field, and accepts none of the file", () => {
    const result = validateCatalogueFile({
      catalogueVersion: 1,
      vehicles: [
        { ...model, id: "long-description", description: "x".repeat(limit + 1) },
        { ...model, id: "long-feature", features: ["y".repeat(vehicleTextLimits.feature + 1)] },
        { ...model, id: "fine-cart" },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((problem) => `${problem.row} ${problem.field}: ${problem.message}`)).toEqual([
      `long-description description: description must be at most ${limit.toLocaleString("en-US")} characters`,
      `long-feature features.0: a feature must be at most ${vehicleTextLimits.feature} characters`,
    ]);
  });
});

describe("the spreadsheet import on the staff page", () => {
  it("refuses an over-long description by row and column, and writes nothing on confirm", async () => {
    const csv = catalogueCsv((await readStoredCatalogue(database(env.DB))).vehicles);
    const [header, ...rows] = parse(csv, { bom: true }) as string[][];
    const column = header!.indexOf("description");
    const row = rows.findIndex((cells) => cells[0] === model.id);
    rows[row]![column] = "z".repeat(limit + 1);
    const file = stringify([header!, ...rows], { bom: true, record_delimiter: "windows" });
    const before = await stored();

    const preview = new FormData();
    preview.set("intent", "preview");
    preview.set("file", new File([file], "catalogue.csv", { type: "text/csv" }));
    const previewed = await post("/staff/spreadsheet", preview);
    expect(previewed.status).toBe(400);
    const text = textOf(await previewed.text());
    expect(text).toContain(`Row ${row + 2} · ${model.id} · refused`);
    expect(text).toContain(`description: description must be at most ${limit.toLocaleString("en-US")} characters`);

    // A refused preview offers no Confirm; one posted anyway, carrying the file back as the preview
    // page's hidden fields would, is refused too.
    const confirm = new FormData();
    confirm.set("intent", "confirm");
    confirm.set("fileName", "catalogue.csv");
    confirm.set("content", btoa(String.fromCharCode(...new TextEncoder().encode(file))));
    const confirmed = await post("/staff/spreadsheet", confirm);
    expect(confirmed.status).toBeGreaterThanOrEqual(400);
    expect(confirmed.status).toBeLessThan(500);
    expect(await stored()).toEqual(before);
  });
});
