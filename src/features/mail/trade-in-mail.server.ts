import { eq } from "drizzle-orm";
import { staffTradeInPath } from "~/config/pages";
import { site } from "~/config/site";
import { tradeIns } from "~/db/schema";
import { addDays, localMoment, longDate } from "~/lib/calendar-days";
import { formatMoney } from "~/lib/format";
import { escapeMarkup } from "~/lib/escape-markup";
import { withoutInvisibleCharacters } from "~/lib/visitor-fields";
import type { Database } from "~/server/db.server";
import type { StaffPageLink } from "./staff-page-links";

/**
 * What a trade-in's e-mails read of it (migration 0029's `trade_ins`), without the trade-ins feature
 * that writes it (which uses mail): the staff e-mail's page, the CRM lead's traded vehicle, the
 * customer's receipt and staff's answer.
 */
export type TradeInLead = Pick<
  typeof tradeIns.$inferSelect,
  | "id"
  | "cartYear"
  | "make"
  | "model"
  | "serial"
  | "conditionNotes"
  | "offerLowCents"
  | "offerHighCents"
  | "offerNote"
  | "offerDays"
  | "answeredAt"
>;

export async function tradeInLead(db: Database, id: string): Promise<TradeInLead | null> {
  const [row] = await db
    .select({
      id: tradeIns.id,
      cartYear: tradeIns.cartYear,
      make: tradeIns.make,
      model: tradeIns.model,
      serial: tradeIns.serial,
      conditionNotes: tradeIns.conditionNotes,
      offerLowCents: tradeIns.offerLowCents,
      offerHighCents: tradeIns.offerHighCents,
      offerNote: tradeIns.offerNote,
      offerDays: tradeIns.offerDays,
      answeredAt: tradeIns.answeredAt,
    })
    .from(tradeIns)
    .where(eq(tradeIns.id, id))
    .limit(1);
  return row ?? null;
}

/** The page staff answer a trade-in from: what its staff e-mail opens with. */
export function tradeInPageLink(id: string): StaffPageLink {
  return { label: "Answer with a value from your phone", path: staffTradeInPath(id) };
}

/**
 * The cart as the customer's own e-mails name it: its year and make, both from the form's lists.
 * The model is what the customer typed, and a form that mails its own text to any address it is
 * given would relay spam, so it stays out (as every customer e-mail leaves typed text out).
 */
export const cartWords = (trade: Pick<TradeInLead, "cartYear" | "make">) => `${trade.cartYear} ${trade.make}`;

/** "$2,500.00 to $3,200.00": staff's range as the customer reads it. */
export const offerRange = (trade: Pick<TradeInLead, "offerLowCents" | "offerHighCents">) =>
  `${formatMoney((trade.offerLowCents ?? 0) / 100)} to ${formatMoney((trade.offerHighCents ?? 0) / 100)}`;

/** The last day the offer holds, in the dealer's calendar: the answer's day plus its days. */
export function offerHoldsUntil(trade: Pick<TradeInLead, "answeredAt" | "offerDays">): string | null {
  if (!trade.answeredAt || trade.offerDays === null) return null;
  const answeredDay = localMoment(new Date(trade.answeredAt), site.timeZone).day;
  return longDate(addDays(answeredDay, trade.offerDays));
}

function xmlText(value: string | number): string {
  return escapeMarkup(withoutInvisibleCharacters(String(value), "message"));
}

/**
 * The traded cart in the ADF lead: `interest="trade-in"`, used, with year, make and model as the
 * DTD requires, the serial as its VIN and the customer's account of its condition as its comments.
 */
export function adfTradeInVehicleXml(trade: TradeInLead): string {
  return [
    '<vehicle interest="trade-in" status="used">',
    `<year>${xmlText(trade.cartYear)}</year>`,
    `<make>${xmlText(trade.make)}</make>`,
    `<model>${xmlText(trade.model)}</model>`,
    `<vin>${xmlText(trade.serial)}</vin>`,
    `<comments>${xmlText(trade.conditionNotes)}</comments>`,
    "</vehicle>",
  ].join("");
}
