import { env } from "cloudflare:test";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { csvParseRows } from "d3-dsv";
import { beforeEach, describe, expect, it } from "vitest";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import {
  catalogueCsv,
  csvColumns,
  escapeCell,
  planCsvImport,
  problemsCsv,
  unescapeCell,
} from "~/features/catalogue-upkeep/catalogue-csv";
import { rowWords } from "~/features/catalogue-upkeep/csv-row-words";
import { restampedCsv } from "~/features/catalogue-upkeep/catalogue-csv-restamp";
import { importCatalogueCsv, readStoredCatalogue } from "~/features/catalogue-upkeep/catalogue-csv-import.server";
import { getStaffVehicle, vehicleHistory } from "~/features/catalogue-upkeep/catalogue-writes.server";
import { restampedDownload, spreadsheetPost, spreadsheetProblems } from "~/features/staff/staff-spreadsheet.server";
import { outTheDoorPrice } from "~/features/catalogue/out-the-door";
import { placeReservation } from "~/features/reservations/reservation-bookings.server";
import { database } from "~/server/db.server";
import { answerPage } from "./registry-pages";
import { runSql } from "./run-sql";

/**
 * The catalogue as a spreadsheet (issue 48): the export reads back as "nothing changed", a file as
 * Excel or a dealer management system saves it imports exactly what it shows, and a bad or stale
 * row is refused by row and column with nothing written.
 */

const db = () => database(env.DB);
const cart = structuredClone(seedCatalogue.find((vehicle) => vehicle.id === "ezgo-rxv-2019")!);
const model = structuredClone(seedCatalogue.find((vehicle) => vehicle.id === "denago-ev-city")!);

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM bookings").run();
  await runSql(
    upsertVehiclesSql([
      { ...cart, inStock: true, unitsInStock: 1 },
      { ...model, unitsInStock: 3 },
    ]),
  );
  await env.DB.prepare("UPDATE vehicles SET stock_number = NULL WHERE id IN (?, ?)").bind(cart.id, model.id).run();
});

async function exported(): Promise<string> {
  return catalogueCsv((await readStoredCatalogue(db())).vehicles);
}

/** The export's rows as objects by column name, to change a cell the way a spreadsheet would. */
function rowsOf(csv: string): Record<string, string>[] {
  return parse(csv, { bom: true, columns: true }) as Record<string, string>[];
}

/** A file as Excel saves it: byte-order mark, CRLF, quoted newlines, and whatever columns it has. */
function excelFile(rows: Record<string, string>[], columns: string[]): string {
  return stringify(
    rows.map((row) => columns.map((column) => row[column] ?? "")),
    { record_delimiter: "windows", header: false },
  ).replace(/^/, `\uFEFF${columns.join(",")}\r\n`);
}

/** The Worker's SPREADSHEET_SIGNING_KEY in these tests. */
const signingKey = "a test key, not a secret";

const catalogueVersion = async () =>
  (await env.DB.prepare("SELECT version FROM catalogue_state WHERE id = 1").first<{ version: number }>())!.version;

describe("the spreadsheet export", () => {
  it("is UTF-8 with a byte-order mark, CRLF rows and the plain column names in a fixed order", async () => {
    const csv = await exported();
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.split("\r\n")[0]).toBe(`\uFEFF${csvColumns.join(",")}`);
    expect(csvColumns.slice(0, 5)).toEqual(["id", "stock number", "name", "brand", "model"]);
    expect(csvColumns.at(-1)).toBe("version");
    const row = rowsOf(csv).find((candidate) => candidate.id === model.id)!;
    expect(row.features).toBe(model.features.join("\n"));
    expect(row.price).toBe(String(model.price));
    expect(row.units).toBe("3");
    expect(row.status).toBe("for sale");
  });

  it("imports back as nothing changed, and writes nothing", async () => {
    const before = await catalogueVersion();
    const result = await importCatalogueCsv(db(), { text: await exported(), fileName: "catalogue.csv", confirm: true });
    expect(result.written).toBe(false);
    expect(result.plan.ok).toBe(true);
    expect(result.plan.rows.length).toBeGreaterThanOrEqual(2);
    expect(result.plan.rows.every((row) => row.fate === "unchanged")).toBe(true);
    expect(result.plan.extraColumns).toEqual([]);
    expect(await catalogueVersion()).toBe(before);
  });

  it("marks a formula-looking cell with an apostrophe, and reading takes exactly that one off", () => {
    for (const text of ["=SUM(A1)", "+1", "-40% off", "@cmd", "\tx", "\rx", "'=x", "''+y"]) {
      expect(escapeCell(text).startsWith("'")).toBe(true);
      expect(unescapeCell(escapeCell(text))).toBe(text);
    }
    for (const text of ["plain", "'quoted", "12995", ""]) {
      expect(escapeCell(text)).toBe(text);
      expect(unescapeCell(text)).toBe(text);
    }
  });
});

describe("a file saved by Excel from a dealer management system", () => {
  it("imports exactly what it shows, recorded in the history as the file's import", async () => {
    const rows = rowsOf(await exported());
    const city = rows.find((row) => row.id === model.id)!;
    city["stock number"] = "000417";
    city.price = "$12,995";
    city.description = "-40% off the\r\nwinter price, Café crème";
    city.features = "'=2+3 seats\r\nUSB charger";
    city["DMS Location"] = "Lot B";
    const rxv = rows.find((row) => row.id === cart.id)!;
    rxv.price = `${cart.price + 500}.00`;
    const file = excelFile(rows, ["DMS Location", ...csvColumns]);
    expect(file).toContain('"-40% off the\r\nwinter price, Café crème"');

    const preview = await importCatalogueCsv(db(), { text: file, fileName: "dms.csv", confirm: false });
    expect(preview.written).toBe(false);
    expect(preview.plan.ok).toBe(true);
    expect(preview.plan.extraColumns).toEqual(["DMS Location"]);
    const cityRow = preview.plan.rows.find((row) => row.id === model.id)!;
    expect(cityRow.fate).toBe("updated");
    expect(cityRow.columns).toEqual(["stock number", "price", "description", "features"]);
    expect(preview.plan.rows.find((row) => row.id === cart.id)).toMatchObject({ fate: "updated", columns: ["price"] });
    // A preview writes nothing.
    expect((await getStaffVehicle(db(), model.id))!.price).toBe(model.price);

    const written = await importCatalogueCsv(db(), { text: file, fileName: "dms.csv", confirm: true });
    expect(written.written).toBe(true);
    const city2 = (await getStaffVehicle(db(), model.id))!;
    expect(city2.stockNumber).toBe("000417");
    expect(city2.price).toBe(12_995);
    expect(city2.description).toBe("-40% off the\nwinter price, Café crème");
    expect(city2.features).toEqual(["=2+3 seats", "USB charger"]);
    expect((await getStaffVehicle(db(), cart.id))!.price).toBe(cart.price + 500);
    const history = await vehicleHistory(db(), model.id);
    expect(history.filter((change) => change.field === "price").at(-1)).toMatchObject({
      changedBy: "import dms.csv",
      after: 12995,
    });

    // Exported again, the formula-looking cells carry their apostrophe, and it reads back unchanged.
    const again = await exported();
    const cityAgain = rowsOf(again).find((row) => row.id === model.id)!;
    expect(cityAgain.description!.startsWith("'-40%")).toBe(true);
    expect(cityAgain.features!.startsWith("'=2+3")).toBe(true);
    expect(cityAgain["stock number"]).toBe("000417");
    const stored = (await readStoredCatalogue(db())).vehicles;
    expect(planCsvImport(again, stored).rows.every((row) => row.fate === "unchanged")).toBe(true);
  });
});

describe("a refused file", () => {
  it("names each bad row by row and column, offers them as CSV, and writes nothing", async () => {
    const rows = rowsOf(await exported());
    const index = rows.findIndex((row) => row.id === model.id);
    rows[index]!.price = "call us";
    const rxv = rows.find((row) => row.id === cart.id)!;
    rxv.price = "1";
    rxv.units = "2";
    const before = await catalogueVersion();
    const result = await importCatalogueCsv(db(), {
      text: excelFile(rows, [...csvColumns]),
      fileName: "bad.csv",
      confirm: true,
    });
    expect(result.written).toBe(false);
    expect(result.written === false && result.status).toBe(400);
    expect(result.plan.problems).toContainEqual(
      expect.objectContaining({
        row: index + 2,
        id: model.id,
        column: "price",
        message: expect.stringContaining("call us"),
      }),
    );
    // A pre-owned cart is one cart: the rule of the JSON import, named by the spreadsheet's column.
    expect(result.plan.problems).toContainEqual(expect.objectContaining({ id: cart.id, column: "units" }));
    expect(await catalogueVersion()).toBe(before);
    expect((await getStaffVehicle(db(), cart.id))!.price).toBe(cart.price);
    const problems = rowsOf(problemsCsv(result.plan.problems));
    expect(problems).toContainEqual({
      row: String(index + 2),
      id: model.id,
      column: "price",
      problem: expect.stringContaining("not a price"),
    });
  });

  it("refuses a row changed since the export as a conflict, and a short file leaves other vehicles alone", async () => {
    const rows = rowsOf(await exported());
    const city = rows.find((row) => row.id === model.id)!;
    const rxv = rows.find((row) => row.id === cart.id)!;
    // Someone sells one on the staff pages after the export.
    await env.DB.prepare(
      "UPDATE vehicles SET units_in_stock = 2, version = version + 1, changed_by = 'ana@dealer.example' WHERE id = ?",
    )
      .bind(model.id)
      .run();
    city.price = "9995";
    const stale = await importCatalogueCsv(db(), {
      text: excelFile([city], [...csvColumns]),
      fileName: "old.csv",
      confirm: true,
    });
    expect(stale.written === false && stale.status).toBe(409);
    expect(stale.plan.rows[0]).toMatchObject({
      fate: "conflict",
      problems: [expect.objectContaining({ column: "version" })],
    });
    expect((await getStaffVehicle(db(), model.id))!.price).toBe(model.price);

    // A file of one vehicle changes that one; the one missing from it is not marked sold.
    rxv.price = String(cart.price - 100);
    const short = await importCatalogueCsv(db(), {
      text: excelFile([rxv], [...csvColumns]),
      fileName: "short.csv",
      confirm: true,
    });
    expect(short.written).toBe(true);
    const city2 = (await getStaffVehicle(db(), model.id))!;
    expect(city2).toMatchObject({ status: "for-sale", unitsInStock: 2, price: model.price });
  });

  it("adds a new row with a blank version, and refuses a file with no id column", async () => {
    const rows = rowsOf(await exported());
    const copy: Record<string, string> = {
      ...rows.find((row) => row.id === model.id)!,
      id: "denago-ev-city-csv",
      version: "",
      units: "1",
    };
    // A specification with no column of its own cannot be given to a new vehicle, nor marked.
    copy["example values"] = "description\nrange";
    const added = await importCatalogueCsv(db(), {
      text: excelFile([copy], [...csvColumns]),
      fileName: "new.csv",
      confirm: true,
    });
    expect(added.plan.problems).toEqual([]);
    expect(added.plan.rows[0]).toMatchObject({ fate: "created" });
    expect(added.written).toBe(true);
    expect((await getStaffVehicle(db(), "denago-ev-city-csv"))!.status).toBe("for-sale");

    // Status is the staff pages' to set: a typed "hidden" is refused by its column, not ignored.
    const hidden = rowsOf(await exported()).map((row) => (row.id === model.id ? { ...row, status: "hidden" } : row));
    const stored = (await readStoredCatalogue(db())).vehicles;
    expect(planCsvImport(excelFile(hidden, [...csvColumns]), stored).problems).toEqual([
      expect.objectContaining({ id: model.id, column: "status" }),
    ]);

    const noId = planCsvImport("name,price\r\nCart,100\r\n", []);
    expect(noId.ok).toBe(false);
    expect(noId.problems[0]).toMatchObject({ row: 0, column: "id" });
  });
});

describe("the staff page's upload", () => {
  const post = (form: FormData) => spreadsheetPost(db(), form, "staff@example.com", signingKey);
  const upload = (csv: string | Uint8Array<ArrayBuffer>, name = "catalogue.csv") => {
    const form = new FormData();
    form.set("intent", "preview");
    form.set("file", new File([csv], name, { type: "text/csv" }));
    return form;
  };

  it("previews without writing, then writes what it previewed on confirm, carried back in the form", async () => {
    const rows = rowsOf(await exported());
    rows.find((row) => row.id === model.id)!.price = "$10,995";
    const preview = await post(upload(excelFile(rows, [...csvColumns]), "C:\\Users\\ana\\stock.csv"));
    expect(preview).toMatchObject({ status: 200, written: false, fileName: "stock.csv" });
    expect(preview.rows).toEqual([expect.objectContaining({ id: model.id, fate: "updated", columns: ["price"] })]);
    expect((await getStaffVehicle(db(), model.id))!.price).toBe(model.price);

    const confirm = new FormData();
    confirm.set("intent", "confirm");
    confirm.set("fileName", preview.fileName);
    confirm.set("content", preview.content);
    confirm.set("seal", preview.seal);
    const written = await post(confirm);
    expect(written).toMatchObject({ status: 200, written: true });
    expect((await getStaffVehicle(db(), model.id))!.price).toBe(10_995);
    expect((await vehicleHistory(db(), model.id)).at(-1)).toMatchObject({
      changedBy: "import stock.csv by staff@example.com",
    });

    // A refused preview's problems download, from the file its form carries back.
    rows.find((row) => row.id === cart.id)!.price = "ask";
    const refused = await post(upload(excelFile(rows, [...csvColumns]), "stock.csv"));
    expect(refused).toMatchObject({ status: 400, written: false });
    const problemsForm = new FormData();
    problemsForm.set("fileName", refused.fileName);
    problemsForm.set("content", refused.content);
    const problems = await spreadsheetProblems(db(), problemsForm);
    expect(problems.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(problems.headers.get("Content-Disposition")).toBe('attachment; filename="stock-problems.csv"');
    expect(rowsOf(await problems.text())).toContainEqual(expect.objectContaining({ id: cart.id, column: "price" }));

    // The same confirm posted again (a reload) is now a stale file: refused, nothing written twice.
    const again = await post(confirm);
    expect(again).toMatchObject({ status: 409, written: false });
  });

  it("refuses a file with NUL bytes (not CSV text), a missing file and a damaged carried file with a 4xx", async () => {
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...[..."id,name\r\n"].flatMap((character) => [character.charCodeAt(0), 0]),
    ]);
    expect(await post(upload(utf16))).toMatchObject({
      status: 400,
      message: expect.stringContaining("CSV UTF-8"),
    });
    const empty = new FormData();
    expect((await post(empty)).status).toBe(400);
    const damaged = new FormData();
    damaged.set("intent", "confirm");
    damaged.set("content", "not base64!");
    expect((await post(damaged)).status).toBe(400);
  });
});

describe("a cart a buyer holds", () => {
  it("cannot be marked sold by a spreadsheet: the preview names the reservation by row, and confirm writes nothing", async () => {
    const placed = await placeReservation(db(), "2026-11-25", {
      vehicle: { id: cart.id, name: "Cart" },
      delivery: { type: "pickup" },
      price: outTheDoorPrice({ name: "Cart", price: 9000, roadClass: "golf-cart" }, null),
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.org",
      phone: "570-555-0199",
    });
    if (!placed.placed) throw new Error("the reservation was not placed");
    const rows = rowsOf(await exported());
    const index = rows.findIndex((row) => row.id === cart.id);
    rows[index]!.units = "0";
    const text = excelFile(rows, [...csvColumns]);
    for (const confirm of [false, true]) {
      const result = await importCatalogueCsv(db(), { text, fileName: "sold.csv", confirm });
      expect(result).toMatchObject({ written: false, status: 409 });
      expect(result.plan.problems).toEqual([
        expect.objectContaining({
          row: index + 2,
          id: cart.id,
          column: "units",
          message: expect.stringContaining(placed.reference),
        }),
      ]);
    }
    expect((await getStaffVehicle(db(), cart.id))!).toMatchObject({ inStock: true, unitsInStock: 1 });
  });
});

/**
 * Issue 55, the spreadsheet: the export opens as one row a vehicle in any spreadsheet, the staff
 * page's Confirm imports exactly what it previewed, a row that sells the last cart says so, a file
 * kept open can be imported again, and Excel's plain "CSV" (Windows-1252) is read.
 */
describe("the export, read by a second, independent CSV reader", () => {
  it("is one record a vehicle, every cell as exported, and no line of a cell a cell of its own", async () => {
    // The whole seed catalogue: features, photos and example values of several lines each.
    await runSql(upsertVehiclesSql(seedCatalogue));
    const features = [...model.features, "=1+1 seats", "-40% in winter", "@home"];
    await runSql(upsertVehiclesSql([{ ...model, unitsInStock: 3, features }]));
    const vehicles = (await readStoredCatalogue(db())).vehicles.filter((vehicle) => vehicle.status !== "draft");
    const csv = await exported();

    // d3-dsv reads as LibreOffice Calc and Python's csv module do: a line break outside quotes (LF,
    // CR or CRLF) ends a row. (The byte-order mark is csv-parse's and Excel's to skip, not d3's.)
    const [header, ...records] = csvParseRows(csv.replace(/^\uFEFF/, ""));
    expect(header).toEqual([...csvColumns]);
    expect(records).toHaveLength(vehicles.length);
    expect(records.map((record) => record[0])).toEqual(vehicles.map((vehicle) => vehicle.id));
    // Every cell as the export wrote it: what csv-parse reads, and what the vehicle holds.
    expect(records).toEqual(parse(csv, { bom: true, relax_column_count: true }).slice(1));
    const column = (name: (typeof csvColumns)[number]) => csvColumns.indexOf(name);
    for (const [index, vehicle] of vehicles.entries()) {
      const record = records[index]!;
      expect(record).toHaveLength(csvColumns.length);
      expect(unescapeCell(record[column("features")]!)).toBe(vehicle.features.join("\n"));
      expect(unescapeCell(record[column("photos")]!)).toBe(vehicle.images.join("\n"));
      expect(record[column("version")]).toBe(String(vehicle.version));
    }
    // Each line of a cell that a spreadsheet would run as a formula is marked, and reads back whole.
    const city = records.find((record) => record[0] === model.id)!;
    expect(city[column("features")]!.split("\n").slice(-3)).toEqual(["'=1+1 seats", "'-40% in winter", "'@home"]);
    const stored = (await readStoredCatalogue(db())).vehicles;
    expect(planCsvImport(csv, stored).rows.every((row) => row.fate === "unchanged")).toBe(true);
  });

  it("quotes every cell that holds a line break, whichever it is, and marks each line that looks like a formula", () => {
    for (const text of ["USB\n=cmd", "a\r\n+1", "a\r-2", "x\n@y\n'=z"]) {
      expect(
        escapeCell(text)
          .split(/\r\n|\n|\r/)
          .slice(1),
      ).toEqual(
        text
          .split(/\r\n|\n|\r/)
          .slice(1)
          .map((line) => `'${line}`),
      );
      expect(unescapeCell(escapeCell(text))).toBe(text);
    }
    const problems = problemsCsv([{ row: 2, id: "x", column: "features", message: "one\ntwo" }]);
    expect(problems).toContain('"one\ntwo"');
  });
});

/** The staff page as a phone asks for it: through the Access gate, the route's action and its markup. */
const here = "http://localhost:8787";
const staffEnv = (member = "ana@dealer.example", key: string | null = signingKey) =>
  ({
    ...env,
    STAFF_LOCAL_IDENTITY: member,
    ...(key === null ? {} : { SPREADSHEET_SIGNING_KEY: key }),
  }) as unknown as Env;

const postPage = (path: string, form: FormData, bindings = staffEnv()) =>
  answerPage(new Request(`${here}${path}`, { method: "POST", headers: { Origin: here }, body: form }), bindings);

const previewForm = (file: string | Uint8Array<ArrayBuffer>, name = "catalogue.csv") => {
  const form = new FormData();
  form.set("intent", "preview");
  form.set("file", new File([file], name, { type: "text/csv" }));
  return form;
};

const base64 = (text: string) => Buffer.from(text).toString("base64");

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The page's text without markup, as a screen reader reads it. */
const textOf = (html: string) => unescapeHtml(html.replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");

/** The form whose submit button has this value, as the browser would post it: its hidden fields and that button. */
function formOf(html: string, button: string): FormData | null {
  const form = [...html.matchAll(/<form[^>]*>([\s\S]*?)<\/form>/g)].find((match) =>
    match[1]!.includes(`value="${button}"`),
  );
  if (!form) return null;
  const fields = new FormData();
  for (const input of form[1]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) {
    fields.set(input[1]!, unescapeHtml(input[2]!));
  }
  fields.set("intent", button);
  return fields;
}

describe("the staff page's Confirm", () => {
  /** The export's row of one cart, repriced: the other cart is not in the file. */
  const repriced = async (price: string) => {
    const row = rowsOf(await exported()).find((each) => each.id === model.id)!;
    return excelFile([{ ...row, price }], [...csvColumns]);
  };

  it("imports exactly the file it previewed: a changed file, none previewed, or another's preview is refused with nothing written", async () => {
    const previewed = await postPage("/staff/spreadsheet", previewForm(await repriced("10995")));
    expect(previewed.status).toBe(200);
    const confirm = formOf(await previewed.text(), "confirm")!;
    expect(confirm.get("seal")).toMatch(/^\d+\.\d+\.[0-9a-f]{64}$/);
    const before = await catalogueVersion();

    // The same form carrying another file (a price the preview never showed).
    const swapped = new FormData();
    for (const [name, value] of confirm) swapped.set(name, value);
    swapped.set("content", base64(await repriced("1")));
    const refusedSwap = await postPage("/staff/spreadsheet", swapped);
    expect(refusedSwap.status).toBe(400);
    expect(textOf(await refusedSwap.text())).toContain("not the one this page previewed");

    // One post with intent=confirm and a file, and no preview at all.
    const unpreviewed = new FormData();
    unpreviewed.set("intent", "confirm");
    unpreviewed.set("fileName", "catalogue.csv");
    unpreviewed.set("content", base64(await repriced("1")));
    const refusedBare = await postPage("/staff/spreadsheet", unpreviewed);
    expect(refusedBare.status).toBe(400);
    expect(textOf(await refusedBare.text())).toContain("Confirm imports only a file this page previewed");

    // Another staff member's confirm of Ana's preview.
    expect((await postPage("/staff/spreadsheet", confirm, staffEnv("ben@dealer.example"))).status).toBe(400);
    expect(await catalogueVersion()).toBe(before);
    expect((await getStaffVehicle(db(), model.id))!.price).toBe(model.price);

    // The preview's own Confirm writes it, once.
    const written = await postPage("/staff/spreadsheet", confirm);
    expect(written.status).toBe(200);
    expect((await getStaffVehicle(db(), model.id))!.price).toBe(10_995);
    expect((await postPage("/staff/spreadsheet", confirm)).status).toBe(409);
  });

  it("writes nothing when the catalogue moved since the preview, and shows the preview against it as it is now", async () => {
    const previewed = await postPage("/staff/spreadsheet", previewForm(await repriced("10995")));
    const confirm = formOf(await previewed.text(), "confirm")!;
    // A walk-in sale of the other cart on the vehicle page, between the preview and the Confirm.
    await env.DB.prepare("UPDATE vehicles SET price = price + 1, version = version + 1 WHERE id = ?")
      .bind(cart.id)
      .run();
    const moved = await postPage("/staff/spreadsheet", confirm);
    expect(moved.status).toBe(409);
    const html = await moved.text();
    expect(textOf(html)).toContain("The catalogue changed since your preview of catalogue.csv, so nothing was written");
    expect((await getStaffVehicle(db(), model.id))!.price).toBe(model.price);
    // The fresh preview's own Confirm imports it.
    expect((await postPage("/staff/spreadsheet", formOf(html, "confirm")!)).status).toBe(200);
    expect((await getStaffVehicle(db(), model.id))!.price).toBe(10_995);
  });

  it("is not offered, and refused, while the site has no signing key", async () => {
    const withoutKey = staffEnv("ana@dealer.example", null);
    const previewed = await postPage("/staff/spreadsheet", previewForm(await repriced("10995")), withoutKey);
    const html = await previewed.text();
    expect(formOf(html, "confirm")).toBeNull();
    expect(textOf(html)).toContain("SPREADSHEET_SIGNING_KEY");
    const confirm = new FormData();
    confirm.set("intent", "confirm");
    confirm.set("fileName", "catalogue.csv");
    confirm.set("content", base64(await repriced("1")));
    expect((await postPage("/staff/spreadsheet", confirm, withoutKey)).status).toBe(503);
    expect((await getStaffVehicle(db(), model.id))!.price).toBe(model.price);
  });
});

describe("a row that takes a cart to 0 units", () => {
  it("says in the preview, and the dry run's words, that the cart will be marked sold", async () => {
    const rows = rowsOf(await exported());
    rows.find((row) => row.id === model.id)!.units = "0";
    const file = excelFile(rows, [...csvColumns]);
    const stored = (await readStoredCatalogue(db())).vehicles;
    const row = planCsvImport(file, stored).rows.find((each) => each.id === model.id)!;
    expect(rowWords(row)).toBe("updated: units; will be marked sold");

    const previewed = await postPage("/staff/spreadsheet", previewForm(file));
    const html = await previewed.text();
    expect(textOf(html)).toContain(`${model.id} · updated: units; will be marked sold`);
    const written = await postPage("/staff/spreadsheet", formOf(html, "confirm")!);
    expect(textOf(await written.text())).toContain(`${model.id} · updated: units; marked sold`);
    expect((await getStaffVehicle(db(), model.id))!.status).toBe("sold");
  });
});

describe("a spreadsheet kept open and imported again", () => {
  it("is restamped by the import, so the same file edited once more imports without conflicts", async () => {
    await runSql(upsertVehiclesSql([{ ...structuredClone(seedCatalogue[0]!), id: "third-cart", unitsInStock: 1 }]));
    const rows = rowsOf(await exported());
    rows.find((row) => row.id === model.id)!.price = "10995";
    rows.push({ ...rows.find((row) => row.id === cart.id)!, id: "ezgo-rxv-2019-b", version: "" });
    const first = excelFile(rows, ["DMS Location", ...csvColumns]);
    const result = await importCatalogueCsv(db(), { text: first, fileName: "stock.csv", confirm: true });
    expect(result.written).toBe(true);
    const restamped = restampedCsv(first, result.plan)!;
    // Only the rows the import wrote changed, and only in their version; every other byte is the file's.
    const lines = (text: string) => text.split("\r\n");
    const changed = lines(restamped).flatMap((line, index) => (line === lines(first)[index] ? [] : [index + 1]));
    const rowOf = (id: string) => result.plan.rows.find((row) => row.id === id)!.row;
    expect(changed).toEqual([rowOf(model.id), rowOf("ezgo-rxv-2019-b")].sort((a, b) => a - b));

    // The same file, edited again in the spreadsheet: another price of the same cart, and the new one.
    const again = rowsOf(restamped);
    again.find((row) => row.id === model.id)!.price = "10495";
    again.find((row) => row.id === "ezgo-rxv-2019-b")!.price = "7000";
    const second = await importCatalogueCsv(db(), {
      text: excelFile(again, ["DMS Location", ...csvColumns]),
      fileName: "stock.csv",
      confirm: true,
    });
    expect(second.plan.problems).toEqual([]);
    expect(second.written).toBe(true);
    expect((await getStaffVehicle(db(), model.id))!.price).toBe(10_495);
    expect((await getStaffVehicle(db(), "ezgo-rxv-2019-b"))!.price).toBe(7_000);
  });

  it("is offered by the staff page after Confirm, restamped, to download and import again", async () => {
    const rows = rowsOf(await exported());
    rows.find((row) => row.id === model.id)!.price = "10995";
    const previewed = await postPage("/staff/spreadsheet", previewForm(excelFile(rows, [...csvColumns]), "stock.csv"));
    const written = await postPage("/staff/spreadsheet", formOf(await previewed.text(), "confirm")!);
    expect(written.status).toBe(200);
    const download = formOf(await written.text(), "restamped")!;
    expect(download).not.toBeNull();
    const file = await restampedDownload(download, signingKey);
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="stock.csv"');
    const bytes = new Uint8Array(await file.arrayBuffer());
    // Byte for byte the uploaded file but for the versions: its byte-order mark too.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const restamped = new TextDecoder().decode(bytes);
    expect(rowsOf(restamped).find((row) => row.id === model.id)!.version).toBe(
      String((await getStaffVehicle(db(), model.id))!.version),
    );
    // The download answers only with the file the server restamped.
    download.set("content", base64("id,version\r\nx,1\r\n"));
    expect((await restampedDownload(download, signingKey)).status).toBe(400);

    const edited = rowsOf(restamped);
    edited.find((row) => row.id === model.id)!.price = "10495";
    const previewedAgain = await postPage(
      "/staff/spreadsheet",
      previewForm(excelFile(edited, [...csvColumns]), "stock.csv"),
    );
    const html = await previewedAgain.text();
    expect(textOf(html)).not.toContain("changed by someone else");
    expect((await postPage("/staff/spreadsheet", formOf(html, "confirm")!)).status).toBe(200);
    expect((await getStaffVehicle(db(), model.id))!.price).toBe(10_495);
  });
});

describe("a file Excel saved as plain CSV (Windows-1252)", () => {
  /** Windows-1252's bytes of text whose characters are all in it, as Excel writes them. */
  const windows1252 = (text: string) =>
    Uint8Array.from(text, (character) => {
      const special: Record<string, number> = { é: 0xe9, "—": 0x97, "’": 0x92 };
      const byte = special[character] ?? character.charCodeAt(0);
      if (byte > 0x7f && !special[character]) throw new Error(`no byte for ${character}`);
      return byte;
    });

  it("is read as such, said in the preview, written as its text, and offered back in its encoding", async () => {
    const rows = rowsOf(await exported());
    const city = rows.find((row) => row.id === model.id)!;
    city.description = "Café roof — the dealer’s own";
    const bytes = windows1252(excelFile(rows, [...csvColumns]).replace(/^\uFEFF/, ""));
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow();

    const previewed = await postPage("/staff/spreadsheet", previewForm(bytes));
    expect(previewed.status).toBe(200);
    const html = await previewed.text();
    expect(textOf(html)).toContain(`catalogue.csv was read as Windows-1252 (Excel's plain "CSV (Comma delimited)")`);
    expect(textOf(html)).toContain(`${model.id} · updated: description`);
    const written = await postPage("/staff/spreadsheet", formOf(html, "confirm")!);
    expect(written.status).toBe(200);
    expect((await getStaffVehicle(db(), model.id))!.description).toBe("Café roof — the dealer’s own");

    const file = await restampedDownload(formOf(await written.text(), "restamped")!, signingKey);
    expect(file.headers.get("Content-Type")).toBe("text/csv; charset=windows-1252");
    const restamped = new Uint8Array(await file.arrayBuffer());
    expect(new TextDecoder("windows-1252").decode(restamped)).toContain("Café roof — the dealer’s own");
  });
});
