import { Link } from "~/ui/links";
import { type Location, formatAddress, showroomOrigin, site, telHref } from "~/config/site";
import { MapEmbed } from "~/ui/MapEmbed";
import { townPath, towns } from "~/config/towns";
import { InfoCards } from "~/ui/InfoCards";
import { PageHero } from "~/ui/PageHero";
import { showroomServices } from "./showroom-content";
import { HeroCarts } from "~/features/catalogue/HeroCarts";
import type { HeroCart } from "~/features/catalogue/vehicle-summary";
import { DealerPhoto } from "~/features/photos/DealerPhoto";
import type { PhotoReference } from "~/features/photos/photo-names";

/** The "Areas We Serve" grid shows this many towns; the about page lists all. */
export const showroomAreaCount = 26;

export function ShowroomPage({ photo, featured }: { photo: PhotoReference | null; featured: HeroCart[] }) {
  return (
    <>
      <PageHero
        title={<>Showroom &amp; Locations</>}
        lead={<>Visit {showroomOrigin.name} or shop online, then let us deliver to your door.</>}
        // The showroom photo staff added; until then the carts on its floor, never an empty band.
        media={photo ? <DealerPhoto photo={photo} /> : <HeroCarts featured={featured} />}
      />
      <section className="container page-section grid grid--wide">
        {site.locations.map((location) => (
          <LocationCard key={location.id} location={location} />
        ))}
      </section>
      <section className="container page-section">
        {site.locations[0]?.address ? (
          <MapEmbed
            query={formatAddress(site.locations[0].address)}
            title={`Map of ${site.locations[0].name}`}
            zoom={14}
          />
        ) : null}
      </section>
      <section className="section-alt page-section">
        <div className="container">
          <h2 className="section-heading">At the showroom</h2>
          <InfoCards items={showroomServices} />
        </div>
      </section>
      <section className="container page-section" aria-labelledby="areas-we-serve">
        <h2 id="areas-we-serve">Areas We Serve</h2>
        <ul className="town-list">
          {towns.slice(0, showroomAreaCount).map((town) => (
            <li key={town.slug}>
              <Link to={townPath(town)}>{town.name}</Link>
            </li>
          ))}
        </ul>
        <p className="muted">
          And {towns.length - showroomAreaCount} more: see <Link to="/about">all {towns.length} municipalities</Link>.
        </p>
        <div className="button-row page-section">
          <Link to="/contact" className="button button--primary">
            Contact us
          </Link>
          <a href={telHref()} className="button button--ghost">
            Call {site.phone.display}
          </a>
        </div>
      </section>
    </>
  );
}

function LocationCard({ location }: { location: Location }) {
  return (
    <article className="card">
      <span className="badge">{location.kind === "physical" ? "Showroom" : "Online"}</span>
      <h2>{location.name}</h2>
      {location.address ? (
        <p>{formatAddress(location.address)}</p>
      ) : (
        <p>Browse, ask and buy online; we deliver across the county.</p>
      )}
      <ul className="check-list">
        {location.mapsUrl ? (
          <li>
            <a href={location.mapsUrl} target="_blank" rel="noopener noreferrer">
              Directions<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ) : null}
        <li>
          <a href={telHref(location.phone)}>Call {location.phone.display}</a>
        </li>
        <li>
          <a href={location.website} target="_blank" rel="noopener noreferrer">
            Website<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
        {Object.entries(location.social).map(([network, url]) => (
          <li key={network}>
            <a href={url} target="_blank" rel="noopener noreferrer">
              {network.charAt(0).toUpperCase() + network.slice(1)}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
        {location.reviewUrl ? (
          <li>
            <a href={location.reviewUrl} target="_blank" rel="noopener noreferrer">
              Read and write reviews<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ) : null}
      </ul>
    </article>
  );
}
