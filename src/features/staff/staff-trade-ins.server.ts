import { staffTradeInPath, staffTradeInPhotoPath } from "~/config/pages";
import { tradeInOfferDays, tradeInTextLimits } from "~/config/trade-in-options";
import { enqueueStored } from "~/features/mail/store-and-enqueue.server";
import { offerHoldsUntil, offerRange } from "~/features/mail/trade-in-mail.server";
import { answerTradeIn, listTradeIns, loadTradeIn, type TradeInRow } from "~/features/trade-ins/trade-in-store.server";
import { batteryWords, powerWords, yesNoWords } from "~/features/trade-ins/trade-in-words";
import { dealerTimestamp } from "~/lib/dealer-clock";
import type { WorkerContext } from "~/server/context.server";
import { dialable } from "./phone-link";
import { durationWords } from "./staff-vehicles.server";

/** One trade-in on the staff list: newest first, answered or not, and how long it waited. */
export interface StaffTradeInLine {
  id: string;
  href: string;
  cart: string;
  name: string;
  received: string;
  answered: boolean;
  /** "waiting 3 h 5 min", or "answered after 2 h 10 min". */
  waited: string;
}

const cartOf = (trade: Pick<TradeInRow, "cartYear" | "make" | "model">) =>
  `${trade.cartYear} ${trade.make} ${trade.model}`;

export async function staffTradeInList(worker: Pick<WorkerContext, "db">, now: Date): Promise<StaffTradeInLine[]> {
  return (await listTradeIns(worker.db)).map((trade) => ({
    id: trade.id,
    href: staffTradeInPath(trade.id),
    cart: cartOf(trade),
    name: `${trade.firstName} ${trade.lastName}`,
    received: dealerTimestamp(new Date(trade.createdAt)),
    answered: trade.status === "answered",
    waited:
      trade.status === "answered" && trade.answeredAt
        ? `answered after ${durationWords(trade.createdAt, trade.answeredAt)}`
        : `waiting ${durationWords(trade.createdAt, now.toISOString())}`,
  }));
}

export interface StaffTradeInView {
  id: string;
  version: number;
  cart: string;
  facts: [string, string][];
  /** What the customer typed, shown as theirs. */
  conditionNotes: string;
  name: string;
  email: string;
  phone: string;
  phoneHref: string | null;
  photos: { src: string; label: string }[];
  /** Staff's answer, once given: the range, note, last day, who and when. */
  answer: { range: string; note: string; until: string | null; by: string; at: string } | null;
  /** The new-arrival form, filled from this cart. */
  newArrivalHref: string;
  waited: string;
}

export async function staffTradeInView(
  worker: Pick<WorkerContext, "db">,
  id: string,
  now: Date,
): Promise<StaffTradeInView | null> {
  const trade = await loadTradeIn(worker.db, id);
  if (!trade) return null;
  const answered = trade.status === "answered" && trade.answeredAt;
  return {
    id: trade.id,
    version: trade.version,
    cart: cartOf(trade),
    facts: [
      ["Received", dealerTimestamp(new Date(trade.createdAt))],
      ["Serial or VIN", trade.serial],
      ["Power", powerWords(trade.power)],
      ["Battery", `${batteryWords(trade.battery)}${trade.batteryYear ? `, installed ${trade.batteryYear}` : ""}`],
      ["Seats", String(trade.seats)],
      ["Lifted", yesNoWords(trade.lifted)],
      ["Street-legal (titled LSV)", yesNoWords(trade.streetLegal)],
      ...(trade.wantedVehicleId ? ([["Cart they want", trade.wantedVehicleId]] as [string, string][]) : []),
    ],
    conditionNotes: trade.conditionNotes,
    name: `${trade.firstName} ${trade.lastName}`,
    email: trade.email,
    phone: trade.phone,
    phoneHref: dialable(trade.phone),
    photos: trade.photos.map((photo, index) => ({
      src: staffTradeInPhotoPath(trade.id, index + 1),
      label: photo.label,
    })),
    answer: answered
      ? {
          range: offerRange(trade),
          note: trade.offerNote ?? "",
          until: offerHoldsUntil(trade),
          by: trade.answeredBy ?? "",
          at: dealerTimestamp(new Date(trade.answeredAt!)),
        }
      : null,
    newArrivalHref: `/staff/vehicles/new?tradeIn=${encodeURIComponent(trade.id)}`,
    waited: answered
      ? `answered after ${durationWords(trade.createdAt, trade.answeredAt!)}`
      : `waiting ${durationWords(trade.createdAt, now.toISOString())}`,
  };
}

/** The key of one stored photo (1-based), for the staff photo route; null when there is none. */
export async function tradeInPhotoKeyAt(
  worker: Pick<WorkerContext, "db">,
  id: string,
  number: number,
): Promise<string | null> {
  const trade = await loadTradeIn(worker.db, id);
  return trade?.photos[number - 1]?.key ?? null;
}

/** What the answer form posted and what became of it; the typed values come back on a refusal. */
export interface TradeInAnswerOutcome {
  changed: boolean;
  status: 200 | 400 | 404 | 409;
  message: string;
  fields: Partial<Record<"low" | "high" | "days" | "note", string>>;
  values: Record<string, string>;
}

/** Dollars as staff type them ("2500", "2,500", "$2,500.50"): whole cents, or null when it is not an amount. */
export function readCents(typed: string): number | null {
  const plain = typed.replace(/[\s$,]/g, "");
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * Staff's answer from the trade-in's page: a range in dollars and cents (low no more than high), a
 * note and how many days it holds, recorded under the staff member's Access address at this moment,
 * only when the request is as the page showed it (its version); the customer's e-mail goes at once.
 */
export async function answerFromStaffPage(
  worker: Pick<WorkerContext, "db" | "env">,
  id: string,
  form: FormData,
  staffEmail: string,
): Promise<TradeInAnswerOutcome> {
  const values: Record<string, string> = {};
  for (const name of ["low", "high", "days", "note"]) values[name] = text(form, name).slice(0, 2000);
  const refuse = (fields: TradeInAnswerOutcome["fields"]): TradeInAnswerOutcome => ({
    changed: false,
    status: 400,
    message: `Please correct: ${Object.keys(fields).join(", ")}. Nothing was changed.`,
    fields,
    values,
  });
  const low = readCents(values.low!);
  const high = readCents(values.high!);
  const days = /^\d{1,3}$/.test(values.days!.trim()) ? Number(values.days!.trim()) : null;
  const note = values.note!.trim();
  const fields: TradeInAnswerOutcome["fields"] = {};
  if (low === null) fields.low = "low: enter the lowest value in dollars, such as 2500 or 2,500.00";
  if (high === null) fields.high = "high: enter the highest value in dollars, such as 3200 or 3,200.00";
  if (low !== null && high !== null && low > high) fields.high = "high: must be at least the low value";
  if (days === null || days < tradeInOfferDays.min || days > tradeInOfferDays.max) {
    fields.days = `days: a whole number of days from ${tradeInOfferDays.min} to ${tradeInOfferDays.max}`;
  }
  if (note.length > tradeInTextLimits.offerNote) {
    fields.note = `note: at most ${tradeInTextLimits.offerNote} characters`;
  }
  if (Object.keys(fields).length > 0) return refuse(fields);
  const version = /^\d{1,9}$/.test(text(form, "version")) ? Number(text(form, "version")) : -1;
  const outcome = await answerTradeIn(worker.db, id, version, {
    lowCents: low!,
    highCents: high!,
    note,
    days: days!,
    by: staffEmail,
    at: new Date(),
  });
  if (outcome.answered) {
    await enqueueStored(worker.env, worker.db, outcome.messageId);
    return {
      changed: true,
      status: 200,
      message: `Answered: ${offerRange({ offerLowCents: low, offerHighCents: high })}, holding ${days} days. The customer is being e-mailed.`,
      fields: {},
      values: {},
    };
  }
  if (outcome.reason === "missing") {
    return { changed: false, status: 404, message: "No such trade-in. Nothing was changed.", fields: {}, values };
  }
  const { current } = outcome;
  const since = current.answeredAt
    ? ` (answered by ${current.answeredBy ?? "someone"} at ${dealerTimestamp(new Date(current.answeredAt))}: ${offerRange(current)})`
    : "";
  return {
    changed: false,
    status: 409,
    message: `This trade-in changed since this page was shown${since}. Nothing was changed: read it as it is now and answer again if you still mean to.`,
    fields: {},
    values,
  };
}

/**
 * The new-arrival form's fields, filled from a trade-in: its name from the year, make and model, a
 * pre-owned cart, its road class, seats and serial. Staff check and price it before adding it.
 */
export async function newArrivalFromTradeIn(
  worker: Pick<WorkerContext, "db">,
  id: string,
): Promise<{ values: Record<string, string>; conditionNotes: string } | null> {
  const trade = await loadTradeIn(worker.db, id);
  if (!trade) return null;
  return {
    values: {
      name: cartOf(trade),
      condition: "pre-owned",
      roadClass: trade.streetLegal ? "lsv" : "golf-cart",
      seats: String(trade.seats),
      stockNumber: trade.serial,
    },
    conditionNotes: trade.conditionNotes,
  };
}
