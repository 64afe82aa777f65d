import { env } from "cloudflare:test";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
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
import { importCatalogueCsv, readStoredCatalogue } from "~/features/catalogue-upkeep/catalogue-csv-import.server";
import { getStaffVehicle, vehicleHistory } from "~/features/catalogue-upkeep/catalogue-writes.server";
import { spreadsheetPost, spreadsheetProblems } from "~/features/staff/staff-spreadsheet.server";
import { outTheDoorPrice } from "~/features/catalogue/out-the-door";
import { placeReservation } from "~/features/reservations/reservation-bookings.server";
import { database } from "~/server/db.server";
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
    { bom: true, record_delimiter: "windows", header: false },
  ).replace(/^/, `\uFEFF${columns.join(",")}\r\n`);
}

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
  const post = (form: FormData) => spreadsheetPost(db(), form, "staff@example.com");
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

  it("refuses a file that is not UTF-8, a missing file and a damaged carried file with a 4xx", async () => {
    const latin1 = new Uint8Array([...new TextEncoder().encode("id,name\r\nx,Caf"), 0xe9, 0x0d, 0x0a]);
    expect(await post(upload(latin1))).toMatchObject({
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
