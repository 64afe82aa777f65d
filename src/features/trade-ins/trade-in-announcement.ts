import { quotedCustomerWords } from "~/features/mail/customer-words";
import type { TradeInSubmission } from "./trade-in-schema.server";
import { batteryWords, powerWords, yesNoWords } from "./trade-in-words";

/**
 * What the staff e-mail says of a trade-in below its label lines: the site's own lines for what the
 * customer chose from lists, then, after all of them, what they typed (model, serial, condition),
 * each quoted as theirs.
 */
export function tradeInAnnouncement(trade: TradeInSubmission, photoLabels: readonly string[]): string {
  return [
    "Trade-in: the customer's cart",
    `Year: ${trade.year}`,
    `Make: ${trade.make}`,
    `Power: ${powerWords(trade.power)}`,
    `Battery: ${batteryWords(trade.battery)}${trade.batteryYear ? `, installed ${trade.batteryYear}` : ""}`,
    `Seats: ${trade.seats}`,
    `Lifted: ${yesNoWords(trade.lifted)}`,
    `Street-legal (titled LSV): ${yesNoWords(trade.streetLegal)}`,
    `Photos: ${photoLabels.length > 0 ? photoLabels.join(", ") : "none"} (on its staff page)`,
    "",
    quotedCustomerWords("Model", trade.model),
    "",
    quotedCustomerWords("Serial or VIN", trade.serial),
    "",
    quotedCustomerWords("Condition", trade.conditionNotes),
  ].join("\n");
}
