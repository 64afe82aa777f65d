import { tradeInRetention } from "~/config/data-retention";
import { site } from "~/config/site";
import { senderWords, visitorLimits } from "~/config/visitor-limits";
import {
  maxTradeInPhotos,
  tradeInBatteryLabels,
  tradeInPowerLabels,
  type TradeInBattery,
  type TradeInPower,
} from "~/config/trade-in-options";
import type { TradeInLimit } from "./trade-in-store.server";

/** What the trade-in page says, in one place: the page, its form and its refusals read it. */
export const tradeInPageWords = {
  title: "Value your trade",
  lead: `Tell us about the cart you have now and send a few photos: our staff look them over and e-mail you a value range, usually within ${site.responseTimeHours.typicalMax} business hours.`,
  photosHint: `Up to ${maxTradeInPhotos} photos from your phone, JPEG, PNG, WebP or HEIC. The serial number plate and the battery date codes help us most; we remove the location and camera details before anyone sees them.`,
  wanted: "The cart you want",
  sentTitle: "We have your trade-in",
  sent: `Thank you: your trade-in has arrived and a confirmation is on its way to your e-mail. Our staff answer with a value range by e-mail; questions meanwhile: ${site.phone.display}.`,
  submit: "Send my trade-in",
  photosAgain: "For your safety the browser does not keep chosen photos: choose them again before sending.",
  photosKept:
    "We kept the photos you sent: each is ticked below. Choose another to replace one, or untick it to leave it out; choose any others again.",
  keptPhoto: "Keep the photo you sent",
} as const;

/** What a visitor reads when a limit, not their request, kept it from being taken. */
export function tradeInLimitRefusal(limit: TradeInLimit): string {
  if (limit === "email" || limit === "phone") {
    const what = limit === "email" ? "e-mail address" : "phone number";
    return `This ${what} already has ${visitorLimits.waitingRequestsPerPerson} trade-ins waiting for our answer. Please wait for it, or call us at ${site.phone.display}.`;
  }
  return `${senderWords[limit].yours} has sent ${visitorLimits.contactMessagesFrom[limit]} requests within the last hour, as many as we take online from ${senderWords[limit].one} in an hour. Please call us at ${site.phone.display}, or try again later.`;
}

export const tradeInTooMany = "Too many requests. Please wait a minute and try again, or call us.";
export const tradeInCapReached = `We are receiving an unusual number of requests and cannot take yours right now. Please call us at ${site.phone.display}.`;
export const tradeInPhotoGone = `We no longer have the photo sent for this place (sent photos wait ${tradeInRetention.draftHours} hours for their form): choose it again.`;
export const tradeInPhotoTrouble = `We could not process the photos just now. Please try again in a few minutes, or call us at ${site.phone.display}.`;

export const yesNoWords = (answer: boolean) => (answer ? "Yes" : "No");
export const powerWords = (power: string) => tradeInPowerLabels[power as TradeInPower] ?? power;
export const batteryWords = (battery: string) => tradeInBatteryLabels[battery as TradeInBattery] ?? battery;

/** What the one-photo address answers the trade-in page's island (each line under the photos shows it). */
export const tradeInDraftWords = {
  added: (label: string) => `Received the ${label.toLowerCase()} photo.`,
  noDraft: "This page is out of date: reload it, or send the form with the photos chosen (it takes them as they are).",
  noPhoto: "Choose a photo for this place in the form.",
  tooMany: `As many photos as we take from one form or connection within an hour have arrived. Send the form: it takes the photos still chosen as they are. Or call us at ${site.phone.display}.`,
  trouble: tradeInPhotoTrouble,
} as const;
