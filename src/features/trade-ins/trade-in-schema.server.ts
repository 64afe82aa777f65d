import { z } from "zod";
import { tradeInTextLimits, tradeInYears } from "~/config/trade-in-options";
import { fieldLimits, fieldMessages, honeypotField, withoutInvisibleCharacters } from "~/lib/visitor-fields";
import { optionalVehicleId, personSchema, singleLine } from "~/server/visitor-schema.server";
import {
  newestTradeInYear,
  tradeInBatteries,
  tradeInMakes,
  tradeInMessages,
  tradeInPowers,
  tradeInSeats,
  yesNo,
} from "./trade-in-fields";

const yearField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}$/, message)
    .transform(Number)
    .refine((year) => year >= tradeInYears.oldest && year <= newestTradeInYear(), message);

const yesNoField = z.enum(yesNo, { error: tradeInMessages.yesNo }).transform((answer) => answer === "yes");

/** The two fields the gas-cart rule reads, checked on their own so the rule speaks with the others. */
const cartPower = z.object({
  power: z.enum(tradeInPowers),
  battery: z.enum(tradeInBatteries),
});

/** The server's rules for a trade-in's text fields; the photos are checked as they are made. */
export const tradeInSchema = personSchema
  .extend({
    vehicle: optionalVehicleId,
    year: yearField(tradeInMessages.year),
    make: z.enum(tradeInMakes, { error: tradeInMessages.make }),
    model: singleLine(tradeInMessages.model, tradeInTextLimits.model),
    serial: singleLine(tradeInMessages.serial, tradeInTextLimits.serial),
    power: z.enum(tradeInPowers, { error: tradeInMessages.power }),
    battery: z.enum(tradeInBatteries, { error: tradeInMessages.battery }),
    batteryYear: yearField(tradeInMessages.batteryYear)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    seats: z
      .enum(tradeInSeats.map(String) as [string, ...string[]], { error: tradeInMessages.seats })
      .transform(Number),
    lifted: yesNoField,
    streetLegal: yesNoField,
    // The shared message rules (invisible characters dropped, lines kept), in this field's own words.
    conditionNotes: z
      .string({ error: tradeInMessages.conditionNotes })
      .overwrite((text) => withoutInvisibleCharacters(text, "message"))
      .trim()
      .min(fieldLimits.messageMin, tradeInMessages.conditionNotes)
      .max(tradeInTextLimits.conditionNotes, fieldMessages.tooLong(tradeInTextLimits.conditionNotes)),
    [honeypotField]: z.string().max(200).optional(),
    turnstileToken: z.string().max(4096).optional(),
  })
  .refine((trade) => trade.power !== "gas" || trade.battery === "none" || trade.battery === "unknown", {
    message: tradeInMessages.gasBattery,
    path: ["battery"],
    // Said beside the other refusals, not only once they are fixed: whenever both fields are choices.
    when: (payload) => cartPower.safeParse(payload.value).success,
  });

export type TradeInSubmission = z.infer<typeof tradeInSchema>;
