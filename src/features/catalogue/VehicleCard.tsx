import { Link } from "~/ui/links";
import { formatPrice } from "~/lib/format";
import { ExampleMark } from "./ExampleMark";
import { ReservedBadge, RoadClassBadge } from "./RoadClassBadge";
import type { VehicleSummary } from "./vehicle-summary";
import { vehicleCardPictureSizes } from "./picture-sizes";
import { VehiclePicture } from "./VehiclePicture";
import { vehicleImage, vehiclePath } from "./vehicle-status";

interface VehicleCardProps {
  vehicle: VehicleSummary;
  eagerImage?: boolean;
  /** The spec links inventory cards to /vehicles/{id} and the home page's to /vehicle/{id}. */
  href?: string;
  /** The id of the comparison's form, where the card's Compare box belongs; none: no box. */
  compareForm?: string;
}

/** A vehicle in a grid: picture, name, key facts and price, linking to its page. */
export function VehicleCard({
  vehicle,
  eagerImage = false,
  href = vehiclePath(vehicle),
  compareForm,
}: VehicleCardProps) {
  // Named by its heading, so a screen reader's list of articles tells the cards apart.
  const headingId = `vehicle-card-${vehicle.id}`;
  return (
    <article className="card vehicle-card" aria-labelledby={headingId}>
      <Link to={href} className="vehicle-card__link">
        <VehiclePicture
          image={vehicleImage(vehicle)}
          alt=""
          sizes={vehicleCardPictureSizes}
          loading={eagerImage ? "eager" : "lazy"}
          className="vehicle-card__image"
        />
        <h3 id={headingId} className="vehicle-card__name">
          {vehicle.name}
        </h3>
      </Link>
      <p className="vehicle-card__badges">
        {vehicle.isNew ? <span className="badge badge--new">NEW</span> : null}
        {vehicle.reserved ? <ReservedBadge /> : null}
        <RoadClassBadge vehicle={vehicle} />
      </p>
      <p className="muted vehicle-card__facts">
        {vehicle.brand} · {vehicle.specifications.seatingCapacity} seats
        <ExampleMark vehicle={vehicle} path="specifications.seatingCapacity" /> · {vehicle.specifications.range}
        <ExampleMark vehicle={vehicle} path="specifications.range" />
      </p>
      <p className="price vehicle-card__price">{formatPrice(vehicle.price)}</p>
      {compareForm ? (
        <div className="field--check vehicle-card__compare">
          <input id={`compare-${vehicle.id}`} type="checkbox" name="ids" value={vehicle.id} form={compareForm} />
          <label htmlFor={`compare-${vehicle.id}`}>
            Compare<span className="visually-hidden"> the {vehicle.name}</span>
          </label>
        </div>
      ) : null}
    </article>
  );
}
