import { z } from "zod";
import { requestLimits } from "~/config/request-limits";
import { testDrivePlaces } from "~/config/test-drives";
import type { BookingKindFlow } from "~/features/bookings/booking-flow.server";
import { formText, refuse } from "~/features/bookings/booking-intake.server";
import { getVehicle } from "~/features/catalogue/catalogue.server";
import { vehicleIdSchema } from "~/features/catalogue/vehicle";
import { personSchema } from "~/server/visitor-schema.server";
import { isCalendarDay } from "~/lib/calendar-days";
import { testDriveCopy, testDriveMessages } from "./test-drive-content";
import { askedOf, testDriveHold, whenText } from "./test-drive-bookings.server";
import { testDriveCalendarFile } from "./test-drive-view.server";
import { testDriveStatusPath } from "./test-drive-paths";
import { placeProblems, slotProblems } from "./test-drive-rules";

export const testDriveSchema = z.object({
  vehicleId: z.string({ error: testDriveMessages.vehicle }).pipe(vehicleIdSchema),
  date: z.string({ error: testDriveMessages.date }).refine(isCalendarDay, testDriveMessages.date),
  time: z.string({ error: testDriveMessages.time }).regex(/^\d\d:\d\d$/, testDriveMessages.time),
  where: z.enum(testDrivePlaces, { error: testDriveMessages.where }),
  // The form's "showroom" choice still sends its empty town select: empty is none.
  town: z
    .string({ error: testDriveMessages.town })
    .trim()
    .optional()
    .transform((town) => town || undefined),
  ...personSchema.shape,
});

export type TestDriveSubmission = z.infer<typeof testDriveSchema>;

const personFields = ["firstName", "lastName", "email", "phone"] as const;

/** The form's one "slot" select ("2027-03-02T10:00") as the API's date and time; the rest as typed. */
function testDriveFromForm(form: FormData): Record<string, unknown> {
  const [date, time] = (formText(form, "slot") ?? "").split("T");
  return {
    vehicleId: formText(form, "vehicleId"),
    date: date || undefined,
    time: time || undefined,
    where: formText(form, "where"),
    town: formText(form, "town"),
    ...Object.fromEntries(personFields.map((name) => [name, formText(form, name)])),
  };
}

/**
 * Test drives on the booking flow, from POST /api/test-drives and the vehicle's test-drive form
 * alike: one place in the slot's pool on its day, for an in-stock cart; of several drivers racing
 * for a slot's last place, exactly one gets it.
 */
export const testDriveFlow: BookingKindFlow<TestDriveSubmission> = {
  kind: "test-drive",
  limits: { json: requestLimits.testDriveJson, form: requestLimits.testDriveForm },
  fromForm: testDriveFromForm,
  schema: testDriveSchema,
  check: (asked, now) => ({ ...slotProblems(asked.date, asked.time, now), ...placeProblems(asked.where, asked.town) }),
  plan: async (asked, { db }) => {
    const vehicle = await getVehicle(db, asked.vehicleId);
    if (!vehicle)
      return refuse(404, testDriveMessages.noVehicle, { fields: { vehicleId: testDriveMessages.noVehicle } });
    if (!vehicle.inStock)
      return refuse(409, testDriveCopy.notInStock, { fields: { vehicleId: testDriveCopy.notInStock } });
    return {
      hold: testDriveHold(vehicle, asked),
      full: () => {
        const message = testDriveMessages.full(whenText(asked.date, asked.time));
        return refuse(409, message, { fields: { time: message } });
      },
    };
  },
  statusPath: testDriveStatusPath,
  calendarFile: (booking, token, website, now) => ({
    filename: `test-drive-${booking.reference}.ics`,
    content: testDriveCalendarFile(booking, askedOf(booking), token, website, now),
  }),
};
