import { z } from "zod";
import { imageHosts as configuredImageHosts, type ImageHost } from "~/config/image-hosts";
import { routeWords } from "~/config/pages";
import { roadClasses, saleWarranties } from "./vehicle-facts";
import { dealerPlaces, isDealerPlace } from "~/features/photos/dealer-places";

/**
 * The Vehicle shape of the spec: one schema for the API's answers, the seed catalogue and the
 * staff's import file.
 */
const vehicleIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Words no vehicle id may be: the dealer's photo places, which the photo command takes for the
 * dealer's own photos, and every fixed word of the site's addresses (a cart called "New" would
 * otherwise be at /staff/vehicles/new, the new-arrival form). Only those an id could be are kept.
 */
export const reservedVehicleIds: readonly string[] = [...new Set([...dealerPlaces, ...routeWords])].filter((word) =>
  vehicleIdPattern.test(word),
);

export const vehicleIdSchema = z
  .string()
  .min(1, "id is required")
  .max(80, "id must be at most 80 characters")
  .regex(vehicleIdPattern, "id must be lowercase letters, digits and single hyphens")
  .refine((id) => !isDealerPlace(id), {
    message: `id cannot be ${dealerPlaces.join(", ")}: they name the dealer's photos`,
  })
  .refine((id) => isDealerPlace(id) || !reservedVehicleIds.includes(id), {
    error: (issue) =>
      `id cannot be "${String(issue.input)}": an address of the site uses that word (src/config/pages.ts); add a word, such as "${String(issue.input)}-cart"`,
  });

/**
 * The longest each text of a vehicle may be, in characters as a browser's `maxlength` counts them
 * (UTF-16 code units), and how many features, specifications and pictures it may have: the one
 * definition the staff form's `maxlength`, the edit rules, the JSON import and the spreadsheet
 * import all read. Generous for any real listing; together they keep a vehicle's row well inside
 * what one D1 statement takes (100,000 bytes), where a 3,000,000-character description was saved.
 */
export const vehicleTextLimits = {
  name: 120,
  brand: 60,
  category: 80,
  description: 5000,
  feature: 150,
  features: 30,
  specificationName: 40,
  specificationValue: 100,
  specifications: 30,
  image: 400,
  images: 32,
  externalUrl: 400,
  colour: 40,
  stockNumber: 40,
} as const;
const limits = vehicleTextLimits;

const atMost = (field: string, count: number, what = "characters") =>
  `${field} must be at most ${count.toLocaleString("en-US")} ${what}`;

const specificationValue = z
  .string()
  .max(limits.specificationValue, atMost("a specification", limits.specificationValue));

export const specificationsSchema = z
  .object({
    topSpeed: specificationValue.min(1),
    range: specificationValue.min(1),
    batteryType: specificationValue.min(1),
    chargingTime: specificationValue.min(1),
    payload: specificationValue.min(1),
    seatingCapacity: z.number().int().min(1).max(12),
  })
  .catchall(z.union([specificationValue, z.number()]));

/**
 * The count and name length of a vehicle's specifications, which the object's own shape cannot
 * state; applied after `.partial()` where a draft's may be incomplete (zod refuses to make a
 * refined object partial).
 */
export function withinSpecificationLimits<Schema extends z.ZodType<Record<string, unknown>>>(schema: Schema) {
  return schema.superRefine((specifications, context) => {
    const names = Object.keys(specifications);
    if (names.length > limits.specifications) {
      context.addIssue({ code: "custom", message: atMost("specifications", limits.specifications, "entries") });
    }
    for (const name of names.filter((each) => each.length > limits.specificationName)) {
      context.addIssue({
        code: "custom",
        path: [name],
        message: atMost("a specification's name", limits.specificationName),
      });
    }
  });
}

/**
 * Example marks: the values a page shows that are examples the dealer has not confirmed yet, so
 * pages label them. Each is a field path: "description", "features" (the whole list) or
 * "roadClass" (golf cart or LSV, until the dealer has the maker's FMVSS 500 certification in hand) or
 * "specifications.<key>" for a key the vehicle has. Nothing else can be marked: name, brand,
 * category, price, pictures and stock are the dealer's own facts. No marks means real data.
 */
export const exampleFieldPathPattern = /^(?:description|features|roadClass|specifications\.[A-Za-z][A-Za-z0-9]*)$/;

export const exampleFieldsSchema = z.array(
  z.string().refine((path) => exampleFieldPathPattern.test(path), {
    error: (issue) =>
      `unknown field path ${JSON.stringify(issue.input)}: use "description", "features", "roadClass" or "specifications.<key>"`,
  }),
);

const imageRule = "images must be site paths (/images/...) or https URLs";
/** One slash, never two or a backslash after it: browsers read "//host/x" and "/\\host/x" as another host. */
const sitePath = /^\/(?![/\\])/;

/** Why `image` cannot be a vehicle picture, or null when it can. */
function imageProblem(image: string, hosts: readonly ImageHost[]): string | null {
  if (sitePath.test(image)) return null;
  if (!URL.canParse(image)) return imageRule;
  const { protocol, host } = new URL(image);
  if (protocol !== "https:") return imageRule;
  // `host` keeps a port, which the Content-Security-Policy's host sources do not allow.
  if ((hosts as readonly string[]).includes(host)) return null;
  const allowed = hosts.length > 0 ? `the allowed image hosts are ${hosts.join(", ")}` : "no image host is allowed yet";
  return `${image} is on ${host}, not an allowed image host: ${allowed} (src/config/image-hosts.ts)`;
}

/** Vehicle pictures: files of the site, or https photos on the hosts the pages' CSP lets browsers load. */
function vehicleImagesSchema(hosts: readonly ImageHost[] = configuredImageHosts) {
  return z
    .array(
      z
        .string()
        .max(limits.image, atMost("a picture's address", limits.image))
        .superRefine((image, context) => {
          const problem = imageProblem(image, hosts);
          if (problem) context.addIssue({ code: "custom", message: problem });
        }),
    )
    .max(limits.images, atMost("images", limits.images, "pictures"));
}

/** A vehicle as staff create it, with photos allowed from `hosts`. */
export function vehicleCreateSchemaFor(hosts: readonly ImageHost[] = configuredImageHosts) {
  return z.object({
    name: z.string().trim().min(1, "name is required").max(limits.name, atMost("name", limits.name)),
    brand: z.string().trim().min(1, "brand is required").max(limits.brand, atMost("brand", limits.brand)),
    category: z
      .string()
      .trim()
      .min(1, "category is required")
      .max(limits.category, atMost("category", limits.category)),
    price: z.number().int("price must be whole US dollars").nonnegative("price cannot be negative"),
    description: z
      .string()
      .trim()
      .min(1, "description is required")
      .max(limits.description, atMost("description", limits.description)),
    images: vehicleImagesSchema(hosts),
    externalUrl: z
      .url({ protocol: /^https$/ })
      .max(limits.externalUrl, atMost("externalUrl", limits.externalUrl))
      .optional(),
    inStock: z.boolean(),
    isNew: z.boolean(),
    features: z
      .array(z.string().trim().min(1).max(limits.feature, atMost("a feature", limits.feature)))
      .max(limits.features, atMost("features", limits.features, "lines")),
    specifications: withinSpecificationLimits(specificationsSchema),
    /** Absent or empty: every value is the dealer's own. Pages and the API always give a list. */
    exampleFields: exampleFieldsSchema.optional(),
    /** Absent: a golf cart. Pages and the API always give one. */
    roadClass: z.enum(roadClasses, { error: 'roadClass must be "golf-cart" or "lsv"' }).optional(),
    /**
     * A pre-owned cart's sale, "as-is" or "warranty"; absent, its page asks the buyer to ask. A new
     * cart carries its maker's warranty, so it has none (refused below).
     */
    saleWarranty: z.enum(saleWarranties, { error: 'saleWarranty must be "as-is" or "warranty"' }).optional(),
    /** As shoppers would say it ("Champagne", "Matte black"). Absent: not given. */
    colour: z
      .string()
      .trim()
      .min(1, "colour cannot be blank: leave it out instead")
      .max(limits.colour, atMost("colour", limits.colour))
      .optional(),
    /**
     * How many of this exact vehicle are on the lot (a pre-owned cart is one). Absent: 1 when in
     * stock, else 0. Pages and the API always give one.
     */
    unitsInStock: z
      .number({ error: "unitsInStock must be a whole number of carts" })
      .int("unitsInStock must be a whole number of carts")
      .min(0, "unitsInStock cannot be negative")
      .max(999, "unitsInStock must be at most 999")
      .optional(),
  });
}

export const vehicleCreateSchema = vehicleCreateSchemaFor();

/** Why a vehicle's stock fields disagree: staff set both, and a page must never say two things. */
export function stockProblems(vehicle: Pick<VehicleCreate, "inStock" | "isNew" | "unitsInStock">): string[] {
  if (vehicle.unitsInStock === undefined) return [];
  const problems: string[] = [];
  if (!vehicle.isNew && vehicle.unitsInStock > 1) {
    problems.push(`a pre-owned cart is one cart: unitsInStock must be 0 or 1, not ${vehicle.unitsInStock}`);
  }
  if (vehicle.inStock !== vehicle.unitsInStock > 0) {
    problems.push(
      vehicle.inStock
        ? "inStock is true but unitsInStock is 0: give the number on the lot, or set inStock to false"
        : `inStock is false but unitsInStock is ${vehicle.unitsInStock}: set unitsInStock to 0, or inStock to true`,
    );
  }
  return problems;
}

/** A whole vehicle, with photos allowed from `hosts`; `vehicleSchema` takes the configured list. */
export function vehicleSchemaFor(hosts: readonly ImageHost[] = configuredImageHosts) {
  return vehicleCreateSchemaFor(hosts)
    .extend({ id: vehicleIdSchema })
    .superRefine((vehicle, context) => {
      stockProblems(vehicle).forEach((message) =>
        context.addIssue({ code: "custom", path: ["unitsInStock"], message }),
      );
      if (vehicle.isNew && vehicle.saleWarranty !== undefined) {
        context.addIssue({
          code: "custom",
          path: ["saleWarranty"],
          message: "saleWarranty is for a pre-owned cart: a new cart carries its maker's warranty, so leave it out",
        });
      }
      const seen = new Set<string>();
      vehicle.exampleFields?.forEach((path, index) => {
        if (!exampleFieldPathPattern.test(path)) return; // already reported by the list's own check
        const key = path.startsWith("specifications.") ? path.slice("specifications.".length) : null;
        if (key !== null && !Object.hasOwn(vehicle.specifications, key)) {
          context.addIssue({
            code: "custom",
            path: ["exampleFields", index],
            message: `unknown field path "${path}": this vehicle has no specification "${key}"`,
          });
        } else if (seen.has(path)) {
          context.addIssue({ code: "custom", path: ["exampleFields", index], message: `"${path}" is listed twice` });
        }
        seen.add(path);
      });
    });
}

export const vehicleSchema = vehicleSchemaFor();

export type Vehicle = z.infer<typeof vehicleSchema>;
export type VehicleCreate = z.infer<typeof vehicleCreateSchema>;
