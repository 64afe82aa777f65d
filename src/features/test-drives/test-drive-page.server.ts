import { testDriveTerms, type TestDrivePlace } from "~/config/test-drives";
import { getVehicle } from "~/features/catalogue/catalogue.server";
import type { Database } from "~/server/db.server";
import { testDriveDays, type TestDriveDay } from "./test-drive-availability.server";
import { testDriveWindow } from "./test-drive-rules";

export interface TestDrivePageData {
  vehicle: { id: string; name: string; inStock: boolean };
  where: TestDrivePlace;
  /** The days ahead with the place's free times; a full time stays out of the choice. */
  days: TestDriveDay[];
}

/** The test-drive form for a vehicle and place as this moment's slots stand; null: no such vehicle. */
export async function testDrivePageData(
  db: Database,
  vehicleId: string,
  where: TestDrivePlace,
  now: Date,
): Promise<TestDrivePageData | null> {
  const vehicle = await getVehicle(db, vehicleId);
  if (!vehicle) return null;
  const days = vehicle.inStock
    ? await testDriveDays(db, vehicle.id, where, testDriveWindow(now).today, testDriveTerms.horizonDays + 1, now)
    : [];
  return {
    vehicle: { id: vehicle.id, name: vehicle.name, inStock: vehicle.inStock },
    where,
    days: days
      .map((day) => ({ ...day, slots: day.slots.filter((slot) => slot.remaining > 0) }))
      .filter((day) => day.slots.length > 0),
  };
}
