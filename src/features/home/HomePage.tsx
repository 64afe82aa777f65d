import { Link } from "~/ui/links";
import { formatAddress, mailtoHref, showroom, site, telHref } from "~/config/site";
import { MapEmbed } from "~/ui/MapEmbed";
import { VehicleCard } from "~/features/catalogue/VehicleCard";
import { canonicalVehiclePath } from "~/features/catalogue/vehicle-address";
import type { VehicleSummary } from "~/features/catalogue/vehicle-summary";
import { HeroCarts } from "~/features/catalogue/HeroCarts";
import { DealerPhoto } from "~/features/photos/DealerPhoto";
import type { PhotoReference } from "~/features/photos/photo-names";
import { BusinessHours } from "~/ui/BusinessHours";
import { regionNames, townsByRegion, type Region } from "~/lib/geography";
import { townPath, towns } from "~/config/towns";
import { brandTiles, homeTownCount, whyChoose } from "./home-content";
import { InfoCards } from "~/ui/InfoCards";

export function HomePage({ featured, photo }: { featured: VehicleSummary[]; photo: PhotoReference | null }) {
  const regions = townsByRegion();
  return (
    <>
      <section className="hero">
        <div className="container home-hero__inner">
          <div>
            <span className="hero__badge">{site.county.toUpperCase()}, PA</span>
            <h1>Electric Golf Carts for Northeastern Pennsylvania</h1>
            <p className="hero__lead">
              Sales, rentals, service, financing and storage of DENAGO and EVOLUTION electric carts, delivered to your
              door.
            </p>
            <div className="button-row">
              <Link to="/inventory" className="button button--accent">
                View Inventory
              </Link>
              <a href={telHref()} className="button button--on-dark">
                Call {site.phone.display}
              </a>
            </div>
          </div>
          {/* The dealer's own photo once staff add one; until then the carts it sells. */}
          {photo ? <DealerPhoto photo={photo} /> : <HeroCarts featured={featured} />}
        </div>
      </section>
      <section className="container page-section">
        <h2 className="section-heading">Why choose {site.name}</h2>
        <InfoCards items={whyChoose} />
      </section>
      <section className="section-alt page-section" aria-labelledby="brands-title">
        <div className="container">
          <h2 id="brands-title" className="section-heading">
            Brands we sell and service
          </h2>
          <ul className="brand-tiles">
            {brandTiles.map((brand) => (
              <li key={brand.name}>
                <Link to={brand.to} className="brand-tile">
                  {brand.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="container page-section" aria-labelledby="featured-title">
        <h2 id="featured-title" className="section-heading">
          Featured carts
        </h2>
        <div className="grid grid--three">
          {featured.map((vehicle) => (
            <VehicleCard key={vehicle.id} vehicle={vehicle} href={canonicalVehiclePath(vehicle.id)} />
          ))}
        </div>
      </section>
      <section className="section-alt page-section">
        <div className="container grid grid--wide">
          <div>
            <h2>Your local golf cart experts</h2>
            <p>
              For {site.claims.yearsInBusiness}+ years we have sold, rented and repaired carts for{" "}
              {site.claims.customersServed}+ customers across {site.county}.
            </p>
            <Link to="/about" className="button button--ghost">
              About us
            </Link>
          </div>
          <MapEmbed
            query={`${site.county}, ${site.stateCode}`}
            title={`Map of ${site.county}, Pennsylvania`}
            zoom={10}
          />
        </div>
      </section>
      <section className="container page-section" aria-labelledby="towns-title">
        <h2 id="towns-title">Serving {towns.length} municipalities</h2>
        <ul className="town-list">
          {towns.slice(0, homeTownCount).map((town) => (
            <li key={town.slug}>
              <Link to={townPath(town)}>{town.name}</Link>
            </li>
          ))}
        </ul>
        <p>
          Showing {homeTownCount} of {towns.length} towns. <Link to="/about">See every town we serve</Link>.
        </p>
        <div className="grid grid--top page-section">
          {(Object.keys(regions) as Region[]).map((region) => (
            <div key={region} className="card">
              <h3>{regionNames[region]}</h3>
              <p>
                {regions[region].length} municipalities, including{" "}
                {regions[region]
                  .slice(0, 3)
                  .map((town) => town.name)
                  .join(", ")}
                .
              </p>
            </div>
          ))}
          <div className="card">
            <h3>Main showroom</h3>
            <p>{showroom.address ? formatAddress(showroom.address) : site.name}</p>
            <p>
              <a href={telHref()}>{site.phone.display}</a>
              <br />
              <a href={mailtoHref()}>{site.emails.sales}</a>
            </p>
            <BusinessHours />
          </div>
        </div>
      </section>
    </>
  );
}
