import { z } from "zod";
import { rentalPlans, rentalTerms } from "~/config/rental-plans";
import { personSchema } from "~/server/visitor-schema.server";
import { deliveryChoiceSchema } from "~/server/delivery-choice.server";
import type { RentalPlanId } from "./rental-quote";
import { rentalMessages } from "./rental-rules";

/** The server's check of a booking's shape; the dates are judged against the clock in rental-quote.ts. */

export const rentalPlanIds = rentalPlans.map((plan) => plan.id) as [RentalPlanId, ...RentalPlanId[]];

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const delivery = deliveryChoiceSchema(rentalMessages.delivery);

export const rentalRequestSchema = z.object({
  plan: z.enum(rentalPlanIds, { error: rentalMessages.plan }),
  start: z.string({ error: rentalMessages.start }).regex(/^\d{4}-\d{2}-\d{2}$/, rentalMessages.start),
  days: wholeNumber(rentalMessages.days, 1, rentalTerms.maximumDays),
  delivery,
  drivers: wholeNumber(rentalMessages.drivers, 0, rentalTerms.maximumAdditionalDrivers).default(0),
});

/** A booking: the quote's fields and the renter, named and reached by the contact form's own rules. */
export const rentalHoldSchema = rentalRequestSchema.extend({
  ...personSchema.shape,
  ageConfirmed: z.literal(true, { error: rentalMessages.ageConfirmed }),
});

export type RentalHoldSubmission = z.infer<typeof rentalHoldSchema>;
