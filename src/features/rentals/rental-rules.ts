import { rentalTerms } from "~/config/rental-plans";
import { deliveryChoiceMessage } from "~/lib/delivery-choice";
import { longDate } from "~/lib/calendar-days";

/** A booking's messages, one wording for the server's check (zod) and the browser's (valibot). */
export const rentalMessages = {
  plan: "Choose a 4 Seater, 6 Seater or Utility cart",
  start: "Choose a start date",
  days: `Choose a length from 1 to ${rentalTerms.maximumDays} days`,
  delivery: deliveryChoiceMessage,
  drivers: `Choose 0 to ${rentalTerms.maximumAdditionalDrivers} additional drivers`,
  ageConfirmed: `Please confirm the renter is ${rentalTerms.minimumAge} or older`,
} as const;

/** What a renter reads when days of their trip have no cart left: on the page before booking, and as the refusal. */
export function fullDaysMessage(days: readonly string[]): string {
  const named = days.slice(0, 5).map(longDate).join("; ");
  const more = days.length > 5 ? ` and ${days.length - 5} more` : "";
  return `No cart of that kind is free on ${named}${more}. Choose other dates or another cart.`;
}
