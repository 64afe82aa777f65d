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

export const specificationsSchema = z
  .object({
    topSpeed: z.string().min(1),
    range: z.string().min(1),
    batteryType: z.string().min(1),
    chargingTime: z.string().min(1),
    payload: z.string().min(1),
    seatingCapacity: z.number().int().min(1).max(12),
  })
  .catchall(z.union([z.string(), z.number()]));

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
  return z.array(
    z.string().superRefine((image, context) => {
      const problem = imageProblem(image, hosts);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  );
}

/** A vehicle as staff create it, with photos allowed from `hosts`. */
export function vehicleCreateSchemaFor(hosts: readonly ImageHost[] = configuredImageHosts) {
  return z.object({
    name: z.string().trim().min(1, "name is required"),
    brand: z.string().trim().min(1, "brand is required"),
    category: z.string().trim().min(1, "category is required"),
    price: z.number().int("price must be whole US dollars").nonnegative("price cannot be negative"),
    description: z.string().trim().min(1, "description is required"),
    images: vehicleImagesSchema(hosts),
    externalUrl: z.url({ protocol: /^https$/ }).optional(),
    inStock: z.boolean(),
    isNew: z.boolean(),
    features: z.array(z.string().trim().min(1)),
    specifications: specificationsSchema,
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
    colour: z.string().trim().min(1, "colour cannot be blank: leave it out instead").max(40).optional(),
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
