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
});

export const vehicleSchema = vehicleCreateSchema.extend({ id: vehicleIdSchema });

export type Vehicle = z.infer<typeof vehicleSchema>;
export type VehicleCreate = z.infer<typeof vehicleCreateSchema>;
