import { z } from "zod";
import { testDrivePlaces, testDriveTerms } from "~/config/test-drives";
import { availabilityHandler, bookingApiAnswer, bookingApiRouter } from "~/features/bookings/booking-api.server";
import { getVehicle } from "~/features/catalogue/catalogue.server";
import { vehicleIdSchema } from "~/features/catalogue/vehicle";
import { database } from "~/server/db.server";
import { testDriveMessages } from "./test-drive-content";
import { testDriveDays } from "./test-drive-availability.server";
import { testDriveFlow } from "./test-drive-flow.server";
import { testDriveWindow } from "./test-drive-rules";

/**
 * /api/test-drives: a cart's free test-drive times and the booking of one. Every answer is about
 * this moment's slots, so none is ever cached.
 */
export const testDrivesApi = bookingApiRouter();

const calendar = availabilityHandler({
  shape: {
    vehicle: z.string({ error: testDriveMessages.vehicle }).pipe(vehicleIdSchema),
    where: z.enum(testDrivePlaces, { error: testDriveMessages.where }).default("showroom"),
  },
  // The whole reach of the calendar, today included.
  maxDays: testDriveTerms.horizonDays + 1,
  defaultDays: testDriveTerms.horizonDays + 1,
  firstDay: (now) => testDriveWindow(now).today,
  answer: async (db, { vehicle, where }, from, days) => ({
    vehicle,
    where,
    days: await testDriveDays(db, vehicle, where, from, days, new Date()),
  }),
});

testDrivesApi.get("/availability", async (c) => {
  // Only a cart on the lot can be driven: any other id has no calendar to show.
  const id = vehicleIdSchema.safeParse(c.req.query("vehicle"));
  if (id.success) {
    const vehicle = await getVehicle(database(c.env.DB), id.data);
    if (!vehicle?.inStock) return c.json({ error: testDriveMessages.noVehicle }, 404);
  }
  return calendar(c);
});

testDrivesApi.post("/", (c) => bookingApiAnswer(c, testDriveFlow));
