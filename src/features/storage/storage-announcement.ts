import { bookingKinds } from "~/config/booking-kinds";
import { bookingCommand } from "~/features/bookings/booking-commands";
import { quotedCustomerWords } from "~/features/mail/customer-words";
import { formatMoney } from "~/lib/format";
import { stayDates, stayName, type StorageQuote } from "./storage-quote";

/**
 * The e-mail that tells staff of a new storage request: the space, the package and the dates, the
 * price as the owner saw it, the two commands that answer it, and last, quoted as theirs, the cart
 * as the owner described it.
 */
export function storageAnnouncementText(reference: string, quote: StorageQuote, vehicle: string): string {
  const hours = bookingKinds.storage.holdHours;
  return [
    `Storage request ${reference}: ${stayName(quote)}.`,
    `Dates: ${stayDates(quote)} (one space held for every day).`,
    "",
    "Price as shown to the owner:",
    ...quote.lines.map((line) => `  ${line.label}: ${formatMoney(line.amount)}`),
    `  Total: ${formatMoney(quote.total)}`,
    ...(quote.note ? ["", `The owner was told: ${quote.note}`] : []),
    "",
    `The space is held for this owner for ${hours} hours; nothing was paid online.`,
    "Call them to confirm the stay and arrange payment, then:",
    `  ${bookingCommand("confirm", reference)}`,
    `  ${bookingCommand("decline", reference)}`,
    "",
    quotedCustomerWords("Cart", vehicle),
  ].join("\n");
}
