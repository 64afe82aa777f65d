import { z } from "zod";

/**
 * The Vehicle shape of the spec: one schema for the API's answers, the seed catalogue and the
 * staff's import file.
 */
export const vehicleIdSchema = z
  .string()
  .min(1, "id is required")
  .max(80, "id must be at most 80 characters")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "id must be lowercase letters, digits and single hyphens");

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
 * "specifications.<key>" for a key the vehicle has. Nothing else can be marked: name, brand,
 * category, price, pictures and stock are the dealer's own facts. No marks means real data.
 */
export const exampleFieldPathPattern = /^(?:description|features|specifications\.[A-Za-z][A-Za-z0-9]*)$/;

export const exampleFieldsSchema = z.array(
  z.string().refine((path) => exampleFieldPathPattern.test(path), {
    error: (issue) =>
      `unknown field path ${JSON.stringify(issue.input)}: use "description", "features" or "specifications.<key>"`,
  }),
);

export const vehicleCreateSchema = z.object({
  name: z.string().trim().min(1, "name is required"),
  brand: z.string().trim().min(1, "brand is required"),
  category: z.string().trim().min(1, "category is required"),
  price: z.number().int("price must be whole US dollars").nonnegative("price cannot be negative"),
  description: z.string().trim().min(1, "description is required"),
  images: z.array(z.string().regex(/^\/|^https:\/\//, "images must be site paths or https URLs")),
  externalUrl: z.url({ protocol: /^https$/ }).optional(),
  inStock: z.boolean(),
  isNew: z.boolean(),
  features: z.array(z.string().trim().min(1)),
  specifications: specificationsSchema,
  /** Absent or empty: every value is the dealer's own. Pages and the API always give a list. */
  exampleFields: exampleFieldsSchema.optional(),
});

export const vehicleSchema = vehicleCreateSchema.extend({ id: vehicleIdSchema }).superRefine((vehicle, context) => {
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

export type Vehicle = z.infer<typeof vehicleSchema>;
export type VehicleCreate = z.infer<typeof vehicleCreateSchema>;
