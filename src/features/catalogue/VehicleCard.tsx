import { Link } from "~/ui/links";
import { formatPrice } from "~/lib/format";
import { ExampleMark } from "./ExampleMark";
import type { VehicleSummary } from "./vehicle-summary";
import { vehicleCardPictureSizes } from "./picture-sizes";
import { VehiclePicture } from "./VehiclePicture";
import { vehicleImage, vehiclePath } from "./vehicle-status";

interface VehicleCardProps {
  vehicle: VehicleSummary;
  eagerImage?: boolean;
  /** The spec links inventory cards to /vehicles/{id} and the home page's to /vehicle/{id}. */
  href?: string;
}

/** A vehicle in a grid: picture, name, key facts and price, linking to its page. */
export function VehicleCard({ vehicle, eagerImage = false, href = vehiclePath(vehicle) }: VehicleCardProps) {
  return (
    <article className="card vehicle-card">
      <Link to={href} className="vehicle-card__link">
        <VehiclePicture
          image={vehicleImage(vehicle)}
          alt=""
          sizes={vehicleCardPictureSizes}
          loading={eagerImage ? "eager" : "lazy"}
          className="vehicle-card__image"
        />
        <h3 className="vehicle-card__name">{vehicle.name}</h3>
      </Link>
      {vehicle.isNew ? <span className="badge badge--new vehicle-card__badge">NEW</span> : null}
      <p className="muted vehicle-card__facts">
        {vehicle.brand} · {vehicle.specifications.seatingCapacity} seats
        <ExampleMark vehicle={vehicle} path="specifications.seatingCapacity" /> · {vehicle.specifications.range}
        <ExampleMark vehicle={vehicle} path="specifications.range" />
      </p>
      <p className="price vehicle-card__price">{formatPrice(vehicle.price)}</p>
    </article>
  );
}
