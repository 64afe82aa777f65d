import type { Refusal, StaffVehicle } from "~/features/catalogue-upkeep/vehicle-edits";

/**
 * What a staff vehicle form posted, as the catalogue's rules read it: the same fields, names and
 * types as the import file, so a refusal names the field the form shows it beside. Numbers are read
 * as staff type them on a phone ("$12,995", "12995.00"); anything else is refused here, by field,
 * rather than passed on as text for a less helpful message.
 */

export type FormRead = { input: Record<string, unknown>; refusals: Refusal[] };

const text = (form: FormData, name: string): string | undefined => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/** "$12,995", "12995.00", " 12 995 " -> 12995; "" -> undefined; "call us" -> null. */
export function readDollars(typed: string | undefined): number | null | undefined {
  if (typed === undefined || typed.trim() === "") return undefined;
  const plain = typed.replace(/[\s$,]/g, "");
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match || (match[2] !== undefined && Number(match[2]) !== 0)) return null;
  return Number(match[1]);
}

function readWholeNumber(typed: string | undefined): number | null | undefined {
  if (typed === undefined || typed.trim() === "") return undefined;
  return /^\d{1,3}$/.test(typed.trim()) ? Number(typed.trim()) : null;
}

const numberWords = {
  price: "price must be whole US dollars, such as 12995 (a dollar sign and commas are fine)",
  unitsInStock: "unitsInStock must be a whole number of carts, such as 1",
  seatingCapacity: "specifications.seatingCapacity must be a whole number of seats, such as 4",
} as const;

function numberField(
  read: FormRead,
  name: keyof typeof numberWords,
  typed: string | undefined,
  parse: (typed: string | undefined) => number | null | undefined,
  field: string = name,
): number | undefined {
  const value = parse(typed);
  if (value === null) read.refusals.push({ field, message: numberWords[name] });
  return value ?? undefined;
}

const lines = (typed: string | undefined) =>
  (typed ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The fields both forms share: what staff type about a cart on the lot. */
function readCommonFields(form: FormData, read: FormRead): void {
  const name = text(form, "name");
  if (name !== undefined) read.input.name = name;
  const price = numberField(read, "price", text(form, "price"), readDollars);
  if (price !== undefined) read.input.price = price;
  const units = numberField(read, "unitsInStock", text(form, "unitsInStock"), readWholeNumber);
  if (units !== undefined) read.input.unitsInStock = units;
  const condition = text(form, "condition");
  if (condition === "new" || condition === "pre-owned") read.input.isNew = condition === "new";
  const roadClass = text(form, "roadClass");
  if (roadClass !== undefined) read.input.roadClass = roadClass;
  for (const field of ["colour", "stockNumber"] as const) {
    const value = text(form, field);
    if (value !== undefined) read.input[field] = value;
  }
}

/**
 * A new arrival: what staff typed, over the copied vehicle's description, features and
 * specifications (its photos stay its own: a new arrival is photographed where it stands).
 */
export function readNewArrival(form: FormData, copied: StaffVehicle | null): FormRead {
  const read: FormRead = { input: {}, refusals: [] };
  if (copied) {
    Object.assign(read.input, {
      brand: copied.brand,
      category: copied.category,
      description: copied.description,
      features: copied.features,
      specifications: { ...copied.specifications },
      exampleFields: copied.exampleFields,
      roadClass: copied.roadClass,
      isNew: copied.isNew,
    });
  }
  readCommonFields(form, read);
  const seats = numberField(
    read,
    "seatingCapacity",
    text(form, "seats"),
    readWholeNumber,
    "specifications.seatingCapacity",
  );
  if (seats !== undefined) {
    read.input.specifications = { ...(read.input.specifications as object | undefined), seatingCapacity: seats };
    if (copied && seats !== copied.specifications.seatingCapacity) {
      read.input.exampleFields = copied.exampleFields.filter((path) => path !== "specifications.seatingCapacity");
    }
  }
  const units = read.input.unitsInStock;
  read.input.inStock = typeof units === "number" ? units > 0 : false;
  if (units === undefined) read.input.unitsInStock = 0;
  return read;
}

/** The prefix of a specification's field on the edit form: `spec.range`, `spec.topSpeed`. */
export const specificationPrefix = "spec.";

/** A specification's name as the import file's rules have it (exampleFieldPathPattern): no `__proto__`. */
const specificationName = /^[A-Za-z][A-Za-z0-9]*$/;
const specificationNameWords =
  "a specification's name is letters and digits, starting with a letter, such as wheelSize";

/** The edit form: every field the import file has, read over the vehicle as it stands. */
export function readVehicleEdits(form: FormData, current: StaffVehicle): FormRead {
  const read: FormRead = { input: {}, refusals: [] };
  readCommonFields(form, read);
  for (const field of ["brand", "category"] as const) {
    const value = text(form, field);
    if (value !== undefined) read.input[field] = value;
  }
  // A browser sends a textarea's line breaks as CRLF but counts each as one character against its
  // maxlength; read as LF, what fitted the form fits the rule.
  const description = text(form, "description");
  if (description !== undefined) read.input.description = description.replace(/\r\n?/g, "\n");
  const externalUrl = text(form, "externalUrl");
  if (externalUrl !== undefined) read.input.externalUrl = externalUrl.trim() === "" ? null : externalUrl.trim();
  if (form.has("features")) read.input.features = lines(text(form, "features"));
  if (form.has("inStockShown")) read.input.inStock = form.get("inStock") !== null;

  const specifications: Record<string, string | number> = { ...current.specifications };
  let specificationsTyped = false;
  for (const [name, value] of form) {
    if (!name.startsWith(specificationPrefix) || typeof value !== "string") continue;
    specificationsTyped = true;
    const key = name.slice(specificationPrefix.length);
    if (!specificationName.test(key)) {
      read.refusals.push({ field: name, message: specificationNameWords });
      continue;
    }
    if (key === "seatingCapacity") {
      const seats = numberField(read, "seatingCapacity", value, readWholeNumber, "specifications.seatingCapacity");
      if (seats !== undefined) specifications.seatingCapacity = seats;
    } else if (value.trim() === "") {
      delete specifications[key];
    } else {
      specifications[key] = value.trim();
    }
  }
  const newName = text(form, "newSpecName")?.trim();
  const newValue = text(form, "newSpecValue")?.trim();
  if (newName && newValue) {
    specificationsTyped = true;
    if (specificationName.test(newName)) specifications[newName] = newValue;
    else read.refusals.push({ field: "newSpecName", message: specificationNameWords });
  }
  if (specificationsTyped) read.input.specifications = specifications;
  return read;
}

/** The version a form was shown with; null when the form carried none (a tampered or very old page). */
export function formVersion(form: FormData): number | null {
  const typed = text(form, "version");
  return typed !== undefined && /^\d{1,9}$/.test(typed) ? Number(typed) : null;
}

/** What the form showed, to show again beside a refusal: nothing typed is lost. */
export function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && name !== "intent") values[name] = value;
  return values;
}
