import { findBookingByToken } from "~/features/bookings/capacity.server";
import { getVehicleOfAnyStatus } from "~/features/catalogue/catalogue.server";
import type { Database } from "~/server/db.server";
import { askedOf } from "./test-drive-bookings.server";
import { testDriveView } from "./test-drive-view.server";

/** The test drive a private link opens, as its page shows it; null for a token nobody holds. */
export async function testDriveStatus(db: Database, token: string) {
  const booking = await findBookingByToken(db, token, "test-drive");
  if (!booking) return null;
  const vehicle = booking.vehicleId ? await getVehicleOfAnyStatus(db, booking.vehicleId) : null;
  return testDriveView(booking, askedOf(booking), vehicle?.name ?? null, token);
}
