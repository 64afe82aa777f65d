import {
  confirmExample,
  createDraft,
  getStaffVehicle,
  hideVehicle,
  publishVehicle,
  saveVehicle,
  sellOne,
  showVehicle,
  vehicleHistory,
  type CatalogueWrite,
} from "~/features/catalogue-upkeep/catalogue-writes.server";
import { canonicalVehiclePath } from "~/features/catalogue/vehicle-address";
import { publicStatuses } from "~/features/catalogue/listing-status";
import { isPhoto, type Conflict, type Refusal, type StaffVehicle } from "~/features/catalogue-upkeep/vehicle-edits";
import { historyChanges, shownValue, type HistoryChange } from "~/features/catalogue-upkeep/vehicle-history";
import { addVehiclePhotos, movePhoto, removePhoto, type PhotoMove } from "~/features/photos/photo-changes.server";
import { parsePhotoReference } from "~/features/photos/photo-names";
import type { WorkerContext } from "~/server/context.server";
import { thumbnailOf } from "./staff-vehicles.server";
import { statusWords } from "./vehicle-status-words";
import { formVersion, readNewArrival, readVehicleEdits, typedValues, type FormRead } from "./vehicle-form-input";

/**
 * One vehicle as staff keep it from their phone, and every change they make there. Each change is
 * the very statement the catalogue commands send (src/features/catalogue-upkeep/catalogue-writes.server.ts),
 * recorded under the staff member's Access address, and refused in the same words.
 */

export interface StaffVehicleView {
  vehicle: StaffVehicle;
  statusWords: string;
  /** Its public page, while the public may see it. */
  publicPath: string | null;
  photos: { number: number; thumbnail: string | null; path: string }[];
  history: HistoryChange[];
}

export async function staffVehicleView(worker: WorkerContext, id: string): Promise<StaffVehicleView | null> {
  const vehicle = await getStaffVehicle(worker.db, id);
  if (!vehicle) return null;
  const photos = vehicle.images
    .filter(isPhoto)
    .map((path, index) => ({ number: index + 1, thumbnail: thumbnailOf(path), path }));
  return {
    vehicle,
    statusWords: statusWords[vehicle.status],
    publicPath: (publicStatuses as readonly string[]).includes(vehicle.status) ? canonicalVehiclePath(id) : null,
    photos,
    history: historyChanges(await vehicleHistory(worker.db, id)).reverse(),
  };
}

/** What a staff post did: the page shows `message`, each refusal beside its field, both values of a conflict. */
export interface StaffVehicleOutcome {
  changed: boolean;
  status: 200 | 400 | 404 | 409;
  message: string;
  refusals: Refusal[];
  conflicts: { field: string; yours: string; theirs: string }[];
  /** What the form carried, shown again when it was refused. */
  values: Record<string, string>;
}

const done = (message: string): StaffVehicleOutcome => ({
  changed: true,
  status: 200,
  message,
  refusals: [],
  conflicts: [],
  values: {},
});

const refused = (
  status: StaffVehicleOutcome["status"],
  message: string,
  refusals: Refusal[] = [],
  values: Record<string, string> = {},
): StaffVehicleOutcome => ({ changed: false, status, message, refusals, conflicts: [], values });

const shown = (field: string, value: unknown) =>
  shownValue(
    field,
    typeof value === "string" || typeof value === "number" || value === null ? value : JSON.stringify(value ?? null),
  );

function conflictLines(conflicts: readonly Conflict[]) {
  return conflicts.map(({ field, yours, theirs }) => ({
    field,
    yours: shown(field, yours),
    theirs: shown(field, theirs),
  }));
}

/** A write's answer in the page's words; a refusal keeps what the form carried. */
function outcomeOf(write: CatalogueWrite, success: string, form: FormData): StaffVehicleOutcome {
  if (write.ok) return done(success);
  const values = typedValues(form);
  const words = write.refusals.map((refusal) => `${refusal.field}: ${refusal.message}`).join("\n");
  if (write.status === 409 && write.conflicts) {
    return {
      ...refused(409, `Not saved. ${words}`, write.refusals, values),
      conflicts: conflictLines(write.conflicts),
    };
  }
  return refused(write.status, `Not saved. ${words}`, write.refusals, values);
}

const withRefusals = (read: FormRead, form: FormData) =>
  refused(
    400,
    `Not saved. ${read.refusals.map((refusal) => `${refusal.field}: ${refusal.message}`).join("\n")}`,
    read.refusals,
    typedValues(form),
  );

/** A new arrival as a draft: its id, or the refusal (with what was typed) when it could not be made. */
export async function addNewArrival(
  worker: WorkerContext,
  form: FormData,
  who: string,
): Promise<{ id: string } | StaffVehicleOutcome> {
  const from = form.get("from");
  const copied = typeof from === "string" && from !== "" ? await getStaffVehicle(worker.db, from) : null;
  if (typeof from === "string" && from !== "" && !copied) {
    return refused(
      400,
      `Not added. from: no vehicle has the id "${from}"`,
      [{ field: "from", message: "no such vehicle" }],
      typedValues(form),
    );
  }
  const read = readNewArrival(form, copied);
  if (read.refusals.length > 0) return withRefusals(read, form);
  const write = await createDraft(worker.db, read.input, who);
  if (write.ok) return { id: write.vehicle.id };
  return outcomeOf(write, "", form);
}

/** The photo a button names: its address in the vehicle's list, as the page wrote it beside the photo. */
const namedPhoto = (form: FormData) => {
  const typed = form.get("photo");
  return typeof typed === "string" && parsePhotoReference(typed) ? typed : null;
};

const vehicleIntents = ["save", "publish", "hide", "show", "sold-one", "confirm"] as const;
const photoIntents = ["add-photos", "photo-up", "photo-down", "photo-first", "photo-remove"] as const;
const intents = [...vehicleIntents, ...photoIntents];
type PhotoIntent = (typeof photoIntents)[number];
const isIntent = (value: unknown): value is (typeof intents)[number] => (intents as readonly unknown[]).includes(value);
const isPhotoIntent = (value: unknown): value is PhotoIntent => (photoIntents as readonly unknown[]).includes(value);
const photoMoves: Record<Exclude<PhotoIntent, "add-photos" | "photo-remove">, PhotoMove> = {
  "photo-first": "first",
  "photo-up": "up",
  "photo-down": "down",
};

/** Every button of the vehicle's staff page, by its `intent`. */
export async function changeFromStaffPage(
  worker: WorkerContext,
  id: string,
  form: FormData,
  who: string,
): Promise<StaffVehicleOutcome> {
  const intent = form.get("intent");
  if (!isIntent(intent)) {
    return refused(400, `intent: choose one of ${intents.join(", ")}. Nothing was changed.`, [
      { field: "intent", message: "unknown" },
    ]);
  }
  const { db } = worker;
  if (isPhotoIntent(intent)) return changePhotos(worker, id, intent, form, who);

  const version = formVersion(form);
  if (version === null && intent !== "sold-one") {
    return refused(400, "version: the form carried no version; reload the page and try again. Nothing was changed.", [
      { field: "version", message: "missing" },
    ]);
  }
  switch (intent) {
    case "save": {
      const current = await getStaffVehicle(db, id);
      if (!current) return refused(404, `No vehicle has the id "${id}".`);
      const read = readVehicleEdits(form, current);
      if (read.refusals.length > 0) return withRefusals(read, form);
      return outcomeOf(await saveVehicle(db, id, version!, read.input, who), "Saved.", form);
    }
    case "publish":
      return outcomeOf(await publishVehicle(db, id, version!, who), "It is on the site now.", form);
    case "hide":
      return outcomeOf(await hideVehicle(db, id, version!, who), "Hidden: only staff see it now.", form);
    case "show":
      return outcomeOf(await showVehicle(db, id, version!, who), "It is on the site again.", form);
    case "sold-one": {
      const write = await sellOne(db, id, version, who);
      const left = write.ok ? write.vehicle.unitsInStock : 0;
      return outcomeOf(
        write,
        left > 0 ? `Sold one: ${left} left on the lot.` : "Sold one: none left, so it is off sale.",
        form,
      );
    }
    case "confirm": {
      const path = form.get("path");
      return outcomeOf(
        await confirmExample(db, id, version!, typeof path === "string" ? path : "", who),
        `Confirmed: ${String(path)} is the dealer's own value now.`,
        form,
      );
    }
  }
}

/** The uploaded files of the photo field: a plain form sends an empty file when none was picked. */
const pickedFiles = (form: FormData) =>
  form.getAll("photos").filter((entry): entry is File => typeof entry !== "string" && entry.size > 0);

/**
 * One photo from the vehicle page's island (photo-travel.ts posts each photo of a choice on its
 * own): the page's own "add-photos" change, with its Access check done by the caller and every
 * limit, check and step of processing the same; only a post of one photo is taken here, so each
 * line the island shows is one photo's answer.
 */
export async function addOnePhotoFromStaffPage(
  worker: WorkerContext,
  id: string,
  form: FormData,
  who: string,
): Promise<StaffVehicleOutcome> {
  if (pickedFiles(form).length > 1) {
    return refused(400, "photos: this address takes one photo a post; the page's form takes several.", [
      { field: "photos", message: "more than one" },
    ]);
  }
  return changePhotos(worker, id, "add-photos", form, who);
}

async function changePhotos(
  worker: WorkerContext,
  id: string,
  intent: PhotoIntent,
  form: FormData,
  who: string,
): Promise<StaffVehicleOutcome> {
  const env = worker.env;
  if (intent === "add-photos") {
    const files = pickedFiles(form);
    if (files.length === 0)
      return refused(400, "photos: choose one or more photos first.", [{ field: "photos", message: "none" }]);
    const outcomes = await addVehiclePhotos(env, id, files, who);
    const added = outcomes.filter((outcome) => outcome.outcome === "added");
    // One refusal of the whole upload (too many photos) is said once, not once for each file.
    const refusals = [
      ...new Set(outcomes.flatMap((outcome) => (outcome.outcome === "refused" ? [outcome.message] : []))),
    ].map((message) => ({ field: "photos", message }));
    const words = [
      added.length > 0 ? `Added ${added.length === 1 ? "1 photo" : `${added.length} photos`}.` : "",
      ...refusals.map((refusal) => refusal.message),
    ]
      .filter(Boolean)
      .join("\n");
    return {
      changed: added.length > 0,
      status: added.length > 0 ? 200 : 400,
      message: words,
      refusals,
      conflicts: [],
      values: {},
    };
  }
  const photo = namedPhoto(form);
  const version = formVersion(form);
  if (photo === null || version === null) {
    const field = photo === null ? "photo" : "version";
    return refused(
      400,
      `${field}: the button carried no ${field}; reload the page and try again. Nothing was changed.`,
      [{ field, message: "missing" }],
    );
  }
  const result =
    intent === "photo-remove"
      ? await removePhoto(env, id, photo, version, who)
      : await movePhoto(env, id, photo, photoMoves[intent], version, who);
  if (!result.ok) return refused(409, result.message, [{ field: "photos", message: result.message }]);
  const { number } = result;
  const words: Record<Exclude<PhotoIntent, "add-photos">, string> = {
    "photo-first": `Photo ${number} is first now.`,
    "photo-remove": `Photo ${number} is removed.`,
    "photo-up": `Photo ${number} moved up.`,
    "photo-down": `Photo ${number} moved down.`,
  };
  return done(words[intent]);
}
