import { site } from "~/config/site";
import { bookingCommand } from "~/features/bookings/booking-commands";
import { formatMoney } from "~/lib/format";
import { findDeliveryTown } from "~/lib/delivery";
import type { DeliveryChoice } from "~/lib/delivery-choice";
import { findRentalPlan, type RentalQuote } from "./rental-quote";
import { longDate } from "~/lib/calendar-days";

export interface AnnouncedHold {
  reference: string;
  quote: RentalQuote;
  delivery: DeliveryChoice;
  drivers: number;
}

/**
 * What staff read about a new hold: the cart, the days, how it gets there, the price as the renter
 * was quoted it, and the one line that confirms or declines it.
 */
export function holdAnnouncementText({ reference, quote, delivery, drivers }: AnnouncedHold): string {
  const plan = findRentalPlan(quote.plan);
  const town = delivery.type === "delivery" ? findDeliveryTown(delivery.town) : undefined;
  const days = `${quote.days} ${quote.days === 1 ? "day" : "days"}`;
  return [
    `Rental request ${reference}: ${plan?.title ?? quote.plan}, ${days}, ${longDate(quote.start)} to ${longDate(quote.returnDay)}.`,
    delivery.type === "pickup"
      ? "Pickup and return at the showroom."
      : `Delivery to ${town?.name ?? delivery.town} and pickup from there.`,
    `Additional drivers: ${drivers}.`,
    "",
    "Price as quoted to the renter:",
    ...quote.lines.map((line) => `  ${line.label}: ${formatMoney(line.amount)}`),
    `  Total: ${formatMoney(quote.total)}`,
    `  Refundable deposit, held apart: ${formatMoney(quote.deposit)}`,
    "",
    `One cart is held for this renter for ${site.rentalBooking.holdHours} hours. Call them, then:`,
    `  ${bookingCommand("confirm", reference)}`,
    `  ${bookingCommand("decline", reference)}`,
  ].join("\n");
}
