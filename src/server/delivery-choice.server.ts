import { z } from "zod";
import { towns } from "~/config/towns";

const townSlugs = towns.map((town) => town.slug) as [string, ...string[]];

/**
 * The server's check of a delivery choice (src/lib/delivery.ts): a pickup at the showroom, or
 * delivery to one of the towns by its slug. One wording, `message`, for anything else.
 */
export function deliveryChoiceSchema(message: string) {
  return z.discriminatedUnion(
    "type",
    [
      z.object({ type: z.literal("pickup") }),
      z.object({ type: z.literal("delivery"), town: z.enum(townSlugs, { error: message }) }),
    ],
    { error: message },
  );
}

/**
 * A form's one "delivery" select (pickup, or a town's slug) as the API's delivery object; absent or
 * empty stays undefined, so the schema names the field.
 */
export function deliveryFromFormValue(choice: string | undefined): unknown {
  if (choice === undefined || choice === "") return undefined;
  return choice === "pickup" ? { type: "pickup" } : { type: "delivery", town: choice };
}
