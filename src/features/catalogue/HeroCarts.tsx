import { Link } from "~/ui/links";
import { canonicalVehiclePath } from "./vehicle-address";
import type { HeroCart } from "./vehicle-summary";
import { VehiclePicture } from "./VehiclePicture";
import { vehicleImage } from "./vehicle-status";

/**
 * The featured carts' pictures in a hero, so a visitor sees what the dealer sells before scrolling:
 * the home page's, and every dealer page's until staff add a photo of the dealer itself.
 */
export function HeroCarts({ featured }: { featured: readonly HeroCart[] }) {
  return (
    <ul className="hero-carts" aria-label="Featured carts">
      {featured.map((vehicle) => (
        <li key={vehicle.id}>
          <Link to={canonicalVehiclePath(vehicle.id)}>
            <VehiclePicture
              image={vehicleImage(vehicle)}
              alt=""
              sizes="(min-width: 1024px) 17rem, 30vw"
              loading="eager"
              className="hero-carts__picture"
            />
            {vehicle.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
