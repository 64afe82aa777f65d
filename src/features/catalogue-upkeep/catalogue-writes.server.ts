import type { SQL } from "drizzle-orm";
import { batchStatements } from "~/server/d1-batch.server";
import type { Database } from "~/server/db.server";
import { errorKind } from "~/server/error-kind";
import { forgetKnownVersions } from "~/server/page-cache.server";
import {
  createDraftStatement,
  confirmExampleStatement,
  heldUnitsRefusal,
  heldVehiclesStatement,
  hideStatement,
  historyStatement,
  importResultStatement,
  importStatements,
  publishStatement,
  removeStatements,
  sellOneStatement,
  showStatement,
  staffVehicleFromRow,
  staffVehicleStatement,
  staffVehiclesStatement,
  staleFileRefusal,
  updateFieldsStatement,
  type ImportedVehicle,
  type StaffVehicleRow,
  type VehicleChangeRow,
} from "./catalogue-statements.server";
import type { Vehicle } from "../catalogue/vehicle";
import { unitsInStockOf } from "../catalogue/vehicle-facts";
import {
  checkEdits,
  confirmRefusal,
  conflictsWith,
  draftIdBase,
  draftInputSchema,
  publishRefusals,
  type Conflict,
  type Editor,
  type Refusal,
  type StaffVehicle,
} from "./vehicle-edits";

/**
 * The catalogue's writes from the Worker (the staff pages), through the statements the commands
 * send too. Each is one D1 batch, one transaction: the change, its history (written by the
 * database's triggers) and the catalogue version every cached page is keyed by.
 */

/** A database failure told by its step and SQLite's code only, as the other stores do. */
export class CatalogueStoreError extends Error {
  override name = "CatalogueStoreError";
  constructor(step: string, code: string) {
    super(`catalogue: ${step} failed (${code})`);
  }
}

/**
 * What a write did. Refused, nothing was written: `status` is the HTTP answer a page gives (400 a
 * field's value, 404 no such vehicle, 409 someone else's newer change or a buyer's hold), and
 * `conflicts` has both values of each field a stale form changed.
 */
export type CatalogueWrite =
  | { ok: true; vehicle: StaffVehicle }
  | {
      ok: false;
      status: 400 | 404 | 409;
      refusals: Refusal[];
      conflicts?: Conflict[];
      /** The vehicle as it stands, when there is one. */
      current?: StaffVehicle;
    };

const isHeldUnits = (error: unknown) => String((error as Error)?.message ?? "").includes(heldUnitsRefusal);

async function run(step: string, db: Database, statements: readonly SQL[]): Promise<D1Result[]> {
  try {
    return await batchStatements(db, statements);
  } catch (error) {
    if (isHeldUnits(error) || String((error as Error)?.message ?? "").includes(staleFileRefusal)) throw error;
    throw new CatalogueStoreError(step, errorKind(error));
  }
}

const rowsOf = <T>(result: D1Result | undefined) => (result?.results ?? []) as T[];

export async function getStaffVehicle(db: Database, id: string): Promise<StaffVehicle | null> {
  const [result] = await run("read vehicle", db, [staffVehicleStatement(id)]);
  const [row] = rowsOf<StaffVehicleRow>(result);
  return row ? staffVehicleFromRow(row) : null;
}

export async function listStaffVehicles(db: Database): Promise<StaffVehicle[]> {
  const [result] = await run("list vehicles", db, [staffVehiclesStatement()]);
  return rowsOf<StaffVehicleRow>(result).map(staffVehicleFromRow);
}

export async function vehicleHistory(db: Database, id: string): Promise<VehicleChangeRow[]> {
  const [result] = await run("read history", db, [historyStatement(id)]);
  return rowsOf<VehicleChangeRow>(result);
}

const notFound = (id: string): CatalogueWrite => ({
  ok: false,
  status: 404,
  refusals: [{ field: "id", message: `no vehicle has the id "${id}"` }],
});

const staleWords = (current: StaffVehicle) =>
  `someone else changed ${current.id} since this form was shown (it is now at version ${current.version}); nothing was saved`;

function stale(current: StaffVehicle, changes: Record<string, unknown> = {}): CatalogueWrite {
  return {
    ok: false,
    status: 409,
    refusals: [{ field: "version", message: staleWords(current) }],
    conflicts: conflictsWith(current, changes),
    current,
  };
}

function heldRefusal(current: StaffVehicle): CatalogueWrite {
  return {
    ok: false,
    status: 409,
    refusals: [
      {
        field: "unitsInStock",
        message: `buyers hold ${current.heldBy.length} of ${current.id} (${current.heldBy.join(", ")}): decline those reservations, or mark them sold, first`,
      },
    ],
    current,
  };
}

/** Fewer units for sale than buyers hold, refused before writing: the trigger is the race's guard. */
function takesHeldUnits(vehicle: Pick<StaffVehicle, "inStock" | "unitsInStock" | "heldBy">): boolean {
  return (vehicle.inStock ? vehicle.unitsInStock : 0) < vehicle.heldBy.length;
}

/**
 * The shape of every change of one vehicle a form makes: read it, refuse a form shown at another
 * version, let `plan` check the change and make its statement, then run that statement with a read
 * of the result in one batch. A statement that finds no row lost a race: the read says to whom.
 */
async function changeOne(
  db: Database,
  id: string,
  expectedVersion: number | null,
  step: string,
  plan: (current: StaffVehicle) => { statement: SQL } | { refused: CatalogueWrite },
  changes: Record<string, unknown> = {},
): Promise<CatalogueWrite> {
  const current = await getStaffVehicle(db, id);
  if (!current) return notFound(id);
  if (expectedVersion !== null && current.version !== expectedVersion) return stale(current, changes);
  const planned = plan(current);
  if ("refused" in planned) return planned.refused;
  let results: D1Result[];
  try {
    results = await run(step, db, [planned.statement, staffVehicleStatement(id)]);
  } catch (error) {
    if (!isHeldUnits(error)) throw error;
    // A buyer reserved a unit between the read and the write: migration 0015's trigger refused it.
    const now = await getStaffVehicle(db, id);
    return now ? heldRefusal(now) : notFound(id);
  }
  const [row] = rowsOf<StaffVehicleRow>(results[1]);
  if (!row) return notFound(id);
  const after = staffVehicleFromRow(row);
  if (rowsOf(results[0]).length === 0) {
    return after.version !== current.version
      ? stale(after, changes)
      : {
          ok: false,
          status: 409,
          refusals: [{ field: "status", message: `${id} is ${after.status}` }],
          current: after,
        };
  }
  // This isolate's pages show it at once; others within the page cache's ten seconds.
  forgetKnownVersions();
  return { ok: true, vehicle: after };
}

/** A new draft, seen only by staff until it is published. `input` is the form's fields; a name is enough. */
export async function createDraft(db: Database, input: unknown, who: Editor): Promise<CatalogueWrite> {
  const parsed = draftInputSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      refusals: parsed.error.issues.map((issue) => ({
        field: issue.path.join(".") || "(form)",
        message: issue.message,
      })),
    };
  }
  const [created] = await run("create draft", db, [
    createDraftStatement(draftIdBase(parsed.data.name), parsed.data, who),
  ]);
  const [row] = rowsOf<{ id: string }>(created);
  if (!row) {
    return { ok: false, status: 409, refusals: [{ field: "name", message: "every id this name makes is taken" }] };
  }
  const vehicle = await getStaffVehicle(db, row.id);
  return vehicle ? { ok: true, vehicle } : notFound(row.id);
}

/** Saves a form's changed fields, only over the version the form was shown with. */
export function saveVehicle(
  db: Database,
  id: string,
  expectedVersion: number,
  input: unknown,
  who: Editor,
): Promise<CatalogueWrite> {
  const changes = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
  return changeOne(
    db,
    id,
    expectedVersion,
    "save vehicle",
    (current) => {
      const checked = checkEdits(current, input);
      if (!checked.ok) return { refused: { ok: false, status: 400, refusals: checked.refusals, current } };
      if (Object.keys(checked.changes).length === 0) return { refused: { ok: true, vehicle: current } };
      if (takesHeldUnits({ ...current, ...checked.changes })) return { refused: heldRefusal(current) };
      return { statement: updateFieldsStatement(id, expectedVersion, checked.changes, who) };
    },
    changes,
  );
}

export function publishVehicle(db: Database, id: string, expectedVersion: number, who: Editor) {
  return changeOne(db, id, expectedVersion, "publish vehicle", (current) => {
    if (current.status !== "draft") {
      return {
        refused: {
          ok: false,
          status: 409,
          refusals: [{ field: "status", message: `${id} is ${current.status}` }],
          current,
        },
      };
    }
    const refusals = publishRefusals(current);
    if (refusals.length > 0) return { refused: { ok: false, status: 400, refusals, current } };
    return { statement: publishStatement(id, expectedVersion, who) };
  });
}

export function hideVehicle(db: Database, id: string, expectedVersion: number, who: Editor) {
  return changeOne(db, id, expectedVersion, "hide vehicle", () => ({
    statement: hideStatement(id, expectedVersion, who),
  }));
}

export function showVehicle(db: Database, id: string, expectedVersion: number, who: Editor) {
  return changeOne(db, id, expectedVersion, "show vehicle", () => ({
    statement: showStatement(id, expectedVersion, who),
  }));
}

/** A walk-in sale: one unit off the lot, off sale at 0. `expectedVersion` null sells whatever changed since. */
export function sellOne(db: Database, id: string, expectedVersion: number | null, who: Editor) {
  return changeOne(db, id, expectedVersion, "sell one", (current) => {
    if (!current.inStock || current.unitsInStock === 0) {
      return {
        refused: {
          ok: false,
          status: 409,
          refusals: [{ field: "unitsInStock", message: `${id} has none on the lot` }],
          current,
        },
      };
    }
    if (takesHeldUnits({ ...current, unitsInStock: current.unitsInStock - 1 }))
      return { refused: heldRefusal(current) };
    return { statement: sellOneStatement(id, expectedVersion, who) };
  });
}

/** Staff confirm one example value (`path` as exampleFields lists it): its "(example)" label goes. */
export function confirmExample(db: Database, id: string, expectedVersion: number, path: string, who: Editor) {
  return changeOne(db, id, expectedVersion, "confirm example", (current) => {
    const refusal = confirmRefusal(current, path);
    if (refusal) return { refused: { ok: false, status: 400, refusals: [refusal], current } };
    return { statement: confirmExampleStatement(id, expectedVersion, path, who) };
  });
}

/** Removes a vehicle no buyer holds; its history stays. */
export async function removeVehicle(db: Database, id: string, who: Editor): Promise<CatalogueWrite> {
  const current = await getStaffVehicle(db, id);
  if (!current) return notFound(id);
  if (current.heldBy.length > 0) return heldRefusal(current);
  const results = await run("remove vehicle", db, removeStatements(id, who));
  if (rowsOf(results.at(-1)).length === 0) {
    const now = await getStaffVehicle(db, id);
    return now ? heldRefusal(now) : notFound(id);
  }
  forgetKnownVersions();
  return { ok: true, vehicle: current };
}

export type ImportOutcome =
  { ok: true; versionAfter: number } | { ok: false; reason: "stale" | "held"; refusals: Refusal[] };

const staleImport: ImportOutcome = {
  ok: false,
  reason: "stale",
  refusals: [
    { field: "catalogueVersion", message: "the catalogue changed after this file was exported; nothing was written" },
  ],
};

/** Rows that would leave a vehicle fewer units for sale than buyers hold, naming their reservations. */
export async function heldUnitsTaken(db: Database, vehicles: readonly Vehicle[]): Promise<Refusal[]> {
  const [result] = await run("read held units", db, [heldVehiclesStatement()]);
  const holds = new Map(rowsOf<{ id: string; held: number; heldBy: string }>(result).map((row) => [row.id, row]));
  return vehicles.flatMap((vehicle) => {
    const hold = holds.get(vehicle.id);
    const units = vehicle.inStock ? unitsInStockOf(vehicle) : 0;
    return hold && units < hold.held
      ? [
          {
            field: `${vehicle.id}.unitsInStock`,
            message: `${units} for sale, ${hold.held} held by buyers (${hold.heldBy}): decline those reservations, or mark them sold, first`,
          },
        ]
      : [];
  });
}

/**
 * Adds and updates many vehicles at once, already checked by `validateCatalogueFile`'s rules: all or
 * nothing, refused when the catalogue moved past `expectedVersion` (null: written anyway) or when a
 * row would take units buyers hold.
 */
export async function importVehicles(
  db: Database,
  {
    vehicles,
    expectedVersion,
    who,
  }: { vehicles: readonly ImportedVehicle[]; expectedVersion: number | null; who: Editor },
): Promise<ImportOutcome> {
  const held = await heldUnitsTaken(db, vehicles);
  if (held.length > 0) return { ok: false, reason: "held", refusals: held };
  const id = crypto.randomUUID();
  try {
    await run("import", db, importStatements({ id, expectedVersion, vehicles, who }));
  } catch (error) {
    if (String((error as Error)?.message ?? "").includes(staleFileRefusal)) return staleImport;
    // A buyer reserved a unit between the check and the write: migration 0015's trigger refused it.
    if (isHeldUnits(error)) return { ok: false, reason: "held", refusals: await heldUnitsTaken(db, vehicles) };
    throw error;
  }
  const [result] = await run("read import", db, [importResultStatement(id)]);
  forgetKnownVersions();
  return { ok: true, versionAfter: rowsOf<{ versionAfter: number }>(result)[0]?.versionAfter ?? 0 };
}
