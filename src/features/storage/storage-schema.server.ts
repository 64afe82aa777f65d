import { z } from "zod";
import { personSchema } from "~/server/visitor-schema.server";
import { fieldMessages, singleLinePattern, withoutInvisibleCharacters } from "~/lib/visitor-fields";
import { isCalendarDay } from "~/lib/calendar-days";
import { storageMonthLimits, storageVehicleMaxLength } from "./storage-content";
import { storageMessages, storagePackages, storageSpaces } from "./storage-quote";

/**
 * The server's check of a storage request's shape. What needs the clock or more than one field (a
 * start inside its season, months for monthly storage only) is storage-quote.ts's to judge.
 */

const yesOrNo = (message: string) => z.boolean({ error: message }).default(false);

export const storageRequestSchema = z.object({
  space: z.enum(storageSpaces, { error: storageMessages.space }),
  package: z.enum(storagePackages, { error: storageMessages.package }),
  start: z.string({ error: storageMessages.start }).refine(isCalendarDay, storageMessages.start),
  months: z
    .number({ error: storageMessages.months })
    .int(storageMessages.months)
    .min(storageMonthLimits.min, storageMessages.months)
    .max(storageMonthLimits.max, storageMessages.months)
    .nullish()
    .transform((months) => months ?? undefined),
  maintenance: yesOrNo(storageMessages.maintenance),
  prep: yesOrNo(storageMessages.prep),
});

/** The owner's cart in their words ("make, model, year"): one line, as the contact form's fields are. */
const vehicle = z
  .string({ error: storageMessages.vehicle })
  .overwrite((text) => withoutInvisibleCharacters(text, "one-line"))
  .trim()
  .min(2, storageMessages.vehicle)
  .max(storageVehicleMaxLength, fieldMessages.tooLong(storageVehicleMaxLength))
  .regex(singleLinePattern, fieldMessages.singleLine);

/** A booking: the quote's fields, the cart, and the owner, named and reached by the contact form's own rules. */
export const storageHoldSchema = storageRequestSchema.extend({
  ...personSchema.shape,
  vehicle,
});

export type StorageRequestSubmission = z.infer<typeof storageRequestSchema>;
export type StorageHoldSubmission = z.infer<typeof storageHoldSchema>;
