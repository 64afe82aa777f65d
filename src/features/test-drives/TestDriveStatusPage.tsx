import { site, telHref } from "~/config/site";
import { HeldUntilFact } from "~/features/bookings/HeldUntilFact";
import { canonicalVehiclePath } from "~/features/catalogue/vehicle-address";
import { Link } from "~/ui/links";
import { testDriveCopy } from "./test-drive-content";
import type { TestDriveView } from "./test-drive-view.server";

/** A driver's private page about one test drive: the cart, when and where, its status. */
export function TestDriveStatusPage({ drive, isNew }: { drive: TestDriveView; isNew: boolean }) {
  return (
    <div className="container page-section booking-status test-drive-status">
      <h1>{isNew ? testDriveCopy.receivedTitle : testDriveCopy.statusTitle(drive.reference)}</h1>
      {isNew ? (
        <p>
          Thank you, {drive.driverName}. {testDriveCopy.received}
        </p>
      ) : null}
      <dl className="facts-list">
        <div>
          <dt>Reference</dt>
          <dd>{drive.reference}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{drive.statusText}</dd>
        </div>
        <div>
          <dt>Cart</dt>
          <dd>
            <Link to={canonicalVehiclePath(drive.vehicleId)}>{drive.vehicleName}</Link>
          </dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>{drive.when}</dd>
        </div>
        <div>
          <dt>Where</dt>
          <dd>{drive.where}</dd>
        </div>
        <HeldUntilFact holdsUntil={drive.holdsUntil} />
      </dl>
      {drive.staffCall ? <p className="booking-status__next">{drive.staffCall}</p> : null}
      {drive.calendarPath ? (
        <p>
          <a href={drive.calendarPath} className="button button--ghost" download>
            {testDriveCopy.addToCalendar}
          </a>
        </p>
      ) : null}
      <p>
        Questions? Call <a href={telHref()}>{site.phone.display}</a> or <Link to="/contact">contact us</Link> with your
        reference.
      </p>
    </div>
  );
}
