import {
  maxTradeInPhotos,
  tradeInBatteries,
  tradeInMakes,
  tradeInPowers,
  tradeInSeats,
  tradeInYears,
} from "~/config/trade-in-options";
import type { PersonFields } from "~/lib/visitor-fields";

/**
 * The trade-in form's fields as the page names them and the server reads them: the person fields
 * every form shares, the cart's, and one file input per photo (`photo1` … `photo6`), so each photo
 * is asked for by name and a refusal names the one at fault.
 */
export interface TradeInText extends PersonFields {
  /** The vehicle page the customer came from: the cart they want (a catalogue id). */
  vehicle: string;
  year: string;
  make: string;
  model: string;
  serial: string;
  power: string;
  battery: string;
  batteryYear: string;
  seats: string;
  lifted: string;
  streetLegal: string;
  conditionNotes: string;
}

export type TradeInTextField = keyof TradeInText;
export const photoFieldNames = Array.from({ length: maxTradeInPhotos }, (_, index) => `photo${index + 1}` as const);
export type PhotoField = (typeof photoFieldNames)[number];
export type TradeInField = TradeInTextField | PhotoField;
/**
 * The form's hidden field carrying its draft token: the photos the page's island sends ahead of the
 * form go under it, and the form's submit takes them (trade-in-drafts.server.ts).
 */
export const draftField = "draft";
/**
 * The slots (`photo1` …) whose photo the island saw arrive and left out of the post, one value
 * each: only these are taken from the draft, so a photo the customer took back (chose again, or
 * cleared) after it was sent is not attached behind their back.
 */
export const fromDraftField = "fromDraft";
export type TradeInFieldErrors = Partial<Record<TradeInField | "body", string>>;

/** The newest model year the form takes: next year's models are sold from late summer. */
export const newestTradeInYear = (at: Date = new Date()) => at.getUTCFullYear() + tradeInYears.newestAhead;

/** What the server says of a field it refuses, so the visitor reads which one and why. */
export const tradeInMessages = {
  year: `Enter the cart's model year (${tradeInYears.oldest} or later)`,
  make: `Choose the make: ${tradeInMakes.join(", ")}`,
  model: "Enter the model (as on the cart or its papers)",
  serial: "Enter the serial number or VIN (on the plate under the seat or in the glove box)",
  power: `Choose ${tradeInPowers.join(" or ")}`,
  battery: `Choose the battery type`,
  batteryYear: "Enter the year the batteries were installed (4 digits), or leave it empty if you do not know",
  seats: `Choose the seats: ${tradeInSeats.join(", ")}`,
  yesNo: "Choose yes or no",
  conditionNotes: "Tell us about its condition in at least 10 characters",
  gasBattery: "A gas cart has no drive batteries: choose None (gas cart)",
} as const;

/** The choices a yes-or-no field posts. */
export const yesNo = ["yes", "no"] as const;

export { tradeInBatteries, tradeInMakes, tradeInPowers, tradeInSeats };
