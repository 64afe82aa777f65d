import type { ReactNode } from "react";
import type { LoanChoice } from "~/features/financing/monthly-payment";
import { Link } from "~/ui/links";
import { site, telHref } from "~/config/site";
import { formatPrice, specificationLabel } from "~/lib/format";
import { ExampleMark, ExampleNote } from "./ExampleMark";
import type { Town } from "~/config/towns";
import type { OutTheDoorPrice } from "./out-the-door";
import { OutTheDoorPriceForm } from "./OutTheDoorPriceForm";
import { PaymentEstimate } from "./PaymentEstimate";
import type { Vehicle } from "./vehicle";
import { roadClassOf, warrantyLineOf } from "./vehicle-facts";
import { VehiclePictures } from "./VehiclePictures";
import { ReservedBadge, RoadClassBadge, roadUseQuestions } from "./RoadClassBadge";
import { compareAddress } from "./compare";
import { roadUsePath, tradeInPathFor } from "~/config/pages";
import { tradeInInvite } from "~/config/trade-in-options";
import { vehicleReservationPath, vehicleTestDrivePath } from "./vehicle-address";
import { vehicleStatus, vehicleStatusLabel, type ReservableState } from "./vehicle-status";

const statusBadgeClass = {
  new: "badge--new",
  "in-stock": "badge--in-stock",
  "out-of-stock": "badge--out-of-stock",
} as const;

export interface VehicleDetailProps {
  vehicle: Vehicle;
  loan: LoanChoice;
  /** The delivery town the out-the-door price is for; null for a pickup. */
  town: Town | null;
  /** Why the town in the address was not used, if it named none we deliver to. */
  townProblem: string | null;
  price: OutTheDoorPrice;
  /** Whether the buyer can reserve this exact cart now. */
  reservable: ReservableState;
  /** The "tell me when" forms, which the route supplies (the alerts feature watches the catalogue). */
  alerts?: ReactNode;
}

export function VehicleDetail({ vehicle, loan, town, townProblem, price, reservable, alerts }: VehicleDetailProps) {
  const status = vehicleStatus(vehicle);
  return (
    <article className="container page-section">
      <p>
        <Link to="/inventory">← Back to Inventory</Link>
      </p>
      <div className="vehicle-detail">
        <div>
          <VehiclePictures vehicle={vehicle} />
        </div>
        <div>
          <p className="vehicle-detail__badges">
            <span className={`badge ${statusBadgeClass[status]}`} data-testid="vehicle-status">
              {vehicleStatusLabel[status]}
            </span>{" "}
            {reservable === "all-held" ? (
              <>
                <ReservedBadge />{" "}
              </>
            ) : null}
            <RoadClassBadge vehicle={vehicle} />
          </p>
          <p className="vehicle-detail__links">
            <Link to={roadUsePath}>{roadUseQuestions[roadClassOf(vehicle)]}</Link>
            {" · "}
            <Link to={compareAddress([vehicle.id])} rel="nofollow">
              Compare with other carts
            </Link>
          </p>
          <h1>{vehicle.name}</h1>
          <p>
            {vehicle.description}
            <ExampleMark vehicle={vehicle} path="description" />
          </p>
          {vehicle.exampleFields?.length ? <ExampleNote /> : null}
          <p className="price" data-testid="vehicle-price">
            {formatPrice(vehicle.price)}
          </p>
          <dl className="stat-tiles">
            <div className="stat-tile">
              <dt>Seats</dt>
              <dd>
                {vehicle.specifications.seatingCapacity}
                <ExampleMark vehicle={vehicle} path="specifications.seatingCapacity" />
              </dd>
            </div>
            <div className="stat-tile">
              <dt>Brand</dt>
              <dd>{vehicle.brand.toUpperCase()}</dd>
            </div>
          </dl>
          <p data-testid="vehicle-warranty">
            <strong>Warranty:</strong> {warrantyLineOf(vehicle)}
          </p>
          <div className="button-row">
            {reservable === "open" ? (
              <Link to={vehicleReservationPath(vehicle.id, town?.slug)} className="button button--accent">
                Reserve this cart
              </Link>
            ) : null}
            {vehicle.inStock ? (
              <Link to={vehicleTestDrivePath(vehicle.id)} className="button button--primary">
                Schedule Test Drive
              </Link>
            ) : (
              <a href={telHref()} className="button button--primary">
                Schedule Test Drive
              </a>
            )}
            <a
              href={site.financingApplicationUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="button button--ghost"
            >
              Get Financing Quote<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            {vehicle.externalUrl ? (
              <a href={vehicle.externalUrl} target="_blank" rel="noopener noreferrer" className="button button--ghost">
                View Vehicle Details<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : null}
          </div>
          {townProblem ? (
            <p className="field__error" role="alert">
              {townProblem}
            </p>
          ) : null}
          <OutTheDoorPriceForm price={price} town={town} loan={loan} vehicle={vehicle} />
          <PaymentEstimate amountFinanced={price.total} loan={loan} town={town?.slug ?? null} />
          {alerts}
        </div>
      </div>
      <div className="grid grid--wide page-section">
        <section className="card" aria-labelledby="features-title">
          <h2 id="features-title">Features</h2>
          <ul className="check-list">
            {vehicle.features.map((feature) => (
              <li key={feature}>
                {feature}
                <ExampleMark vehicle={vehicle} path="features" />
              </li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="specifications-title">
          <h2 id="specifications-title">Specifications</h2>
          <dl className="spec-list">
            {Object.entries(vehicle.specifications).map(([key, value]) => (
              <div key={key} className="spec-list__row">
                <dt>{specificationLabel(key)}</dt>
                <dd>
                  {String(value)}
                  <ExampleMark vehicle={vehicle} path={`specifications.${key}`} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <section className="card" aria-labelledby="interested-title">
        <h2 id="interested-title">Interested in this vehicle?</h2>
        <p>Our sales team can answer questions, arrange a test drive and put together a quote.</p>
        <div className="button-row">
          <a href={telHref()} className="button button--primary">
            Contact Sales Team
          </a>
          <Link to="/inventory" className="button button--ghost">
            View More Vehicles
          </Link>
          <Link to={tradeInPathFor(vehicle.id)} className="button button--ghost">
            {tradeInInvite}
          </Link>
          {vehicle.externalUrl ? (
            <a href={vehicle.externalUrl} target="_blank" rel="noopener noreferrer" className="button button--ghost">
              Full Specifications<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </section>
    </article>
  );
}

export function VehicleNotFound() {
  return (
    <section className="container page-section not-found">
      <h1>Vehicle Not Found</h1>
      <p>The vehicle you're looking for doesn't exist or has been removed.</p>
      <Link to="/inventory" className="button button--primary">
        Back to Inventory
      </Link>
    </section>
  );
}
