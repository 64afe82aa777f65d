import { BookingStatusFrame, justPlaced } from "~/features/bookings/BookingStatusFrame";
import { canonicalVehiclePath } from "~/features/catalogue/vehicle-address";
import { Link } from "~/ui/links";
import { testDriveCopy } from "./test-drive-content";
import type { TestDriveView } from "./test-drive-view.server";

/** A driver's private page about one test drive: the cart, when and where, its status. */
export function TestDriveStatusPage({ drive, isNew }: { drive: TestDriveView; isNew: boolean }) {
  return (
    <BookingStatusFrame
      className="test-drive-status"
      title={testDriveCopy.statusTitle(drive.reference)}
      received={justPlaced(isNew, testDriveCopy.receivedTitle, {
        name: drive.driverName,
        holding: "this time",
      })}
      reference={drive.reference}
      statusText={drive.statusText}
      holdsUntil={drive.holdsUntil}
      facts={[
        ["Cart", <Link to={canonicalVehiclePath(drive.vehicleId)}>{drive.vehicleName}</Link>],
        ["When", drive.when],
        ["Where", drive.where],
      ]}
      next={drive.staffCall}
      calendarPath={drive.calendarPath}
    />
  );
}
