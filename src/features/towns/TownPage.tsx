import { Link } from "~/ui/links";
import { formatAddress, mailtoHref, showroom, site, telHref } from "~/config/site";
import { BusinessHours } from "~/ui/BusinessHours";
import { InfoCards } from "~/ui/InfoCards";
import { PageHero } from "~/ui/PageHero";
import { MapEmbed } from "~/ui/MapEmbed";
import { formatMiles, formatPrice } from "~/lib/format";
import { salesDelivery } from "~/config/business-terms";
import { rentalTerms } from "~/config/rental-plans";
import { rentalDeliveryTo, salesDeliveryTo, salesFreeZoneText } from "~/lib/delivery";
import { distanceFromShowroom, nearestTowns, regionNames, regionOf } from "~/lib/geography";
import { municipalityName, townMapQuery } from "./town-map";
import { townPath, towns, type Town } from "~/config/towns";
import { roadUsePath } from "~/config/pages";
import { townPerks, townServices } from "./town-content";
import { showroomDistanceText } from "./town-distance";

export function TownPage({ town }: { town: Town }) {
  const miles = distanceFromShowroom(town);
  const sales = salesDeliveryTo(town.coordinates);
  const rental = rentalDeliveryTo(town.coordinates);
  const neighbours = nearestTowns(town, 4);
  return (
    <>
      <PageHero
        badge={`SERVING ${town.name.toUpperCase()}`}
        title={`Golf Carts in ${town.name}, PA`}
        lead={`Electric golf cart sales, rentals and service for ${town.name} residents, ${showroomDistanceText(town)}.`}
      >
        <a href={telHref()} className="button button--accent">
          Call {site.phone.display}
        </a>
        <Link to="/inventory" className="button button--on-dark">
          View Inventory
        </Link>
      </PageHero>
      <section className="container page-section">
        <InfoCards items={townPerks} headingLevel={2} />
      </section>
      <section className="section-alt page-section">
        <div className="container grid grid--wide">
          <div>
            <h2>About {town.name}</h2>
            <dl className="spec-list">
              <dt>Municipality</dt>
              <dd>
                {town.name} ({town.type}), {site.county}
              </dd>
              <dt>Region</dt>
              <dd>{regionNames[regionOf(town)]}</dd>
              <dt>From our showroom</dt>
              <dd>{formatMiles(miles)} (straight line)</dd>
            </dl>
            <h2>Delivery to {town.name}</h2>
            <ul className="check-list" data-testid="town-delivery">
              <li>
                Buying: {sales.charge === 0 ? "free delivery" : `${formatPrice(sales.charge)} delivery`} on a purchase
                of {formatPrice(salesDelivery.freeMinimumSale)} or more, from {sales.origin.name} (
                {formatMiles(sales.miles)}). Free within {salesFreeZoneText()};{" "}
                {formatPrice(salesDelivery.perMileBeyond)} per mile beyond.
              </li>
              <li>
                Renting: {rental.charge === 0 ? "free delivery" : `${formatPrice(rental.charge)} delivery`}, once per
                rental, from {rental.origin.name} ({formatMiles(rental.miles)}). Free for the first{" "}
                {rentalTerms.deliveryFreeMiles} miles, then {formatPrice(rentalTerms.deliveryPerMile)} per mile.
              </li>
            </ul>
          </div>
          <div>
            <h2>Our services in {town.name}</h2>
            <ul className="check-list">
              {townServices.map((service) => (
                <li key={service}>{service}</li>
              ))}
            </ul>
            <p>
              Driving in {town.name}? Read{" "}
              <Link to={roadUsePath}>where a golf cart or LSV may drive in Pennsylvania</Link>, with the law behind each
              rule.
            </p>
          </div>
        </div>
      </section>
      <section className="container page-section grid grid--wide">
        <div>
          <h2>Contact and hours</h2>
          <p>
            {showroom.address ? formatAddress(showroom.address) : site.name}
            <br />
            <a href={telHref()}>{site.phone.display}</a> · <a href={mailtoHref()}>{site.emails.sales}</a>
          </p>
          <BusinessHours />
          <h2>Nearby towns we serve</h2>
          <ul className="check-list">
            {neighbours.map((neighbour) => (
              <li key={neighbour.slug}>
                <Link to={townPath(neighbour)}>{neighbour.name}</Link>
              </li>
            ))}
          </ul>
          <p className="muted">
            We serve {towns.length} municipalities in {site.county}.
          </p>
        </div>
        <MapEmbed
          query={townMapQuery(town)}
          centre={town.coordinates}
          title={`Map of ${municipalityName(town)}, PA`}
          zoom={13}
        />
      </section>
      <section className="section-alt page-section">
        <div className="container">
          <h2>Ready for a cart in {town.name}?</h2>
          <p>Tell us what you need and we will put together a quote, a rental or a service visit.</p>
          <Link to="/contact" className="button button--primary">
            Contact us
          </Link>
        </div>
      </section>
    </>
  );
}
