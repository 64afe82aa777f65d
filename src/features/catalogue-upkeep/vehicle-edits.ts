import { z } from "zod";
import { parsePhotoReference } from "../photos/photo-names.ts";
import type { ListingStatus } from "../catalogue/listing-status";
import {
  specificationsSchema,
  stockProblems,
  vehicleCreateSchema,
  vehicleSchema,
  vehicleTextLimits,
  withinSpecificationLimits,
  type Vehicle,
} from "../catalogue/vehicle";

/** The limits of each text, for the staff form's `maxlength`: the rules below check the same. */
export { vehicleTextLimits };

/**
 * The rules of a change to a vehicle, apart from the statements that write it: the staff pages and
 * the commands check a change with these before any statement is made, so a refusal reads the same
 * wherever it comes from.
 */

/**
 * Who made a change, as the history records it: a staff member's Access address, `terminal` for a
 * command, or `import <file name>`.
 */
export type Editor = string;
export const terminalEditor: Editor = "terminal";
/** An import's line in the history: the file, and on the staff page the Access address that confirmed it. */
export const importEditor = (fileName: string, by?: string): Editor =>
  by ? `import ${fileName} by ${by}` : `import ${fileName}`;

/** A field-named refusal: the form shows `message` beside `field` ("price", "specifications.range"). */
export interface Refusal {
  field: string;
  message: string;
}

/** A field someone else changed since the form was shown: both values, for the staff member to choose. */
export interface Conflict {
  field: string;
  yours: unknown;
  theirs: unknown;
}

/** A vehicle as staff see it: the public Vehicle with every value present, and the staff's own fields. */
export interface StaffVehicle extends Omit<Vehicle, "externalUrl" | "colour"> {
  externalUrl: string | null;
  colour: string | null;
  stockNumber: string | null;
  status: ListingStatus;
  exampleFields: string[];
  roadClass: NonNullable<Vehicle["roadClass"]>;
  unitsInStock: number;
  /** When it was added, and when it first went on the site: the two ends of "time to line". */
  addedAt: string;
  publishedAt: string | null;
  updatedAt: string;
  version: number;
  /** Reservations holding one of its units, by reference. */
  heldBy: string[];
}

/** The fields a staff form (or a command) may change; the rest follow from the operations. */
const editable = vehicleCreateSchema.shape;
const optionalText = (field: "colour" | "stockNumber") =>
  z
    .string()
    .trim()
    .max(vehicleTextLimits[field], `${field} must be at most ${vehicleTextLimits[field]} characters`)
    .transform((text) => (text === "" ? null : text))
    .nullable();

function editableFieldsSchema(specifications: z.ZodType) {
  return z.strictObject({
    name: editable.name,
    brand: editable.brand,
    category: editable.category,
    price: editable.price,
    description: editable.description,
    images: editable.images,
    externalUrl: editable.externalUrl.unwrap().nullable(),
    inStock: editable.inStock,
    isNew: editable.isNew,
    features: editable.features,
    specifications,
    exampleFields: editable.exampleFields.unwrap(),
    roadClass: editable.roadClass.unwrap(),
    unitsInStock: editable.unitsInStock.unwrap(),
    colour: optionalText("colour"),
    stockNumber: optionalText("stockNumber"),
  });
}

/** A listed vehicle's specifications are whole; a draft's may be filled in over several sittings. */
const listedEdits = editableFieldsSchema(withinSpecificationLimits(specificationsSchema)).partial();
const draftEdits = editableFieldsSchema(withinSpecificationLimits(specificationsSchema.partial())).partial();

export type VehicleEdits = z.infer<typeof listedEdits>;
export type EditableField = keyof VehicleEdits;

/** A new draft: a name is all it needs; anything else staff already know may come with it. */
export const draftInputSchema = draftEdits.required({ name: true });
export type DraftInput = z.infer<typeof draftInputSchema>;

function refusalsOf(error: z.ZodError): Refusal[] {
  return error.issues.map((issue) => ({ field: issue.path.join(".") || "(form)", message: issue.message }));
}

/** The public Vehicle a staff vehicle shows as, for the rules that check a listed one. */
export function publicVehicleOf(vehicle: StaffVehicle): Vehicle {
  return {
    id: vehicle.id,
    name: vehicle.name,
    brand: vehicle.brand,
    category: vehicle.category,
    price: vehicle.price,
    description: vehicle.description,
    images: vehicle.images,
    ...(vehicle.externalUrl ? { externalUrl: vehicle.externalUrl } : {}),
    inStock: vehicle.inStock,
    isNew: vehicle.isNew,
    features: vehicle.features,
    specifications: vehicle.specifications,
    exampleFields: vehicle.exampleFields,
    roadClass: vehicle.roadClass,
    unitsInStock: vehicle.unitsInStock,
    ...(vehicle.colour ? { colour: vehicle.colour } : {}),
    ...(vehicle.saleWarranty ? { saleWarranty: vehicle.saleWarranty } : {}),
  };
}

export type EditCheck = { ok: true; changes: VehicleEdits } | { ok: false; refusals: Refusal[] };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Checks `input` (a form's fields) as a change of `current`: each field by the import's rules, then
 * the vehicle it would make. A listed or hidden vehicle must stay a whole Vehicle as the import file
 * has it; a draft only needs its stock fields to agree. Returns only the fields that differ.
 */
export function checkEdits(current: StaffVehicle, input: unknown): EditCheck {
  const parsed = (current.status === "draft" ? draftEdits : listedEdits).safeParse(input);
  if (!parsed.success) return { ok: false, refusals: refusalsOf(parsed.error) };
  const changes = Object.fromEntries(
    Object.entries(parsed.data).filter(
      ([field, value]) => value !== undefined && !same(value, current[field as EditableField]),
    ),
  ) as VehicleEdits;
  const merged: StaffVehicle = { ...current, ...changes } as StaffVehicle;
  if (current.status === "draft") {
    const problems = stockProblems(merged).map((message) => ({ field: "unitsInStock", message }));
    return problems.length > 0 ? { ok: false, refusals: problems } : { ok: true, changes };
  }
  const whole = vehicleSchema.safeParse(publicVehicleOf(merged));
  return whole.success ? { ok: true, changes } : { ok: false, refusals: refusalsOf(whole.error) };
}

/** A picture that is a real photo of the cart: a staff photo, or an https photo on an allowed host. */
export const isPhoto = (image: string) => parsePhotoReference(image) !== null || image.startsWith("https://");

/** Why a draft cannot go on the site yet: it must be a whole Vehicle with a price and a photo. */
export function publishRefusals(vehicle: StaffVehicle): Refusal[] {
  const whole = vehicleSchema.safeParse(publicVehicleOf(vehicle));
  const refusals = whole.success ? [] : refusalsOf(whole.error);
  if (vehicle.price <= 0) refusals.push({ field: "price", message: "a vehicle goes on the site with its price" });
  if (!vehicle.images.some(isPhoto)) {
    refusals.push({ field: "images", message: "a vehicle goes on the site with at least one photo" });
  }
  return refusals;
}

/** Each field the form changed, beside what the vehicle holds now. */
export function conflictsWith(current: StaffVehicle, changes: Record<string, unknown>): Conflict[] {
  return Object.entries(changes).map(([field, yours]) => ({
    field,
    yours,
    theirs: current[field as EditableField],
  }));
}

/** Room for "-NNN" within the id's 80 characters. */
const idBaseLength = 70;

/**
 * The id a new vehicle's name suggests ("EVOLUTION D5 Ranger 4+" -> "evolution-d5-ranger-4"); the
 * statement that stores the draft adds -2, -3... when it is taken.
 */
export function draftIdBase(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, idBaseLength)
    .replace(/^-+|-+$/g, "");
  return slug || "vehicle";
}

/** The example mark a staff member confirms: the value stays, the "(example)" label goes. */
export function confirmRefusal(vehicle: StaffVehicle, path: string): Refusal | null {
  return vehicle.exampleFields.includes(path)
    ? null
    : { field: "exampleFields", message: `"${path}" is not marked as an example on ${vehicle.id}` };
}
