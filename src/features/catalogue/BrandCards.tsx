import { Link } from "~/ui/links";
import { formatPrice } from "~/lib/format";
import { ExampleMark } from "./ExampleMark";
import { modelCountLabel, seriesModelLinkLimit, type SeriesSummary } from "./brand-lineups";
import { modelCardPictureSizes } from "./picture-sizes";
import type { Vehicle } from "./vehicle";
import { VehiclePicture } from "./VehiclePicture";
import { quotePath, vehicleImage, vehicleImageSize, vehiclePath } from "./vehicle-status";

export function SeriesCard({ series }: { series: SeriesSummary }) {
  const shown = series.models.slice(0, seriesModelLinkLimit);
  const more = series.models.length - shown.length;
  return (
    <article className="card series-card">
      <img
        src={series.image}
        alt=""
        width={vehicleImageSize.width}
        height={vehicleImageSize.height}
        loading="lazy"
        className="series-card__image"
      />
      <h3>{series.title}</h3>
      <span className="badge">{modelCountLabel(series.models.length)}</span>
      <p>{series.description}</p>
      {series.startingPrice !== null ? <p className="price">Starting at {formatPrice(series.startingPrice)}</p> : null}
      <ul className="check-list">
        {series.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <ul className="series-card__models" aria-label={`${series.title} models`}>
        {shown.map((model) => (
          <li key={model.id}>
            <Link to={vehiclePath(model)}>{model.name}</Link>
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="muted">
          +{more} more {more === 1 ? "model" : "models"}
        </p>
      ) : null}
    </article>
  );
}

/**
 * A model with its key specs and the two actions the brand pages offer. Example values carry the
 * mark; the page shows the note (ExampleNote) under the cards.
 */
export function ModelCard({ vehicle, featureCount }: { vehicle: Vehicle; featureCount: number }) {
  const { specifications } = vehicle;
  return (
    <article className="card model-card">
      <VehiclePicture
        image={vehicleImage(vehicle)}
        alt=""
        sizes={modelCardPictureSizes}
        loading="lazy"
        className="model-card__image"
      />
      <h3>{vehicle.name}</h3>
      <p className="muted">{vehicle.category} series</p>
      <p className="price">{formatPrice(vehicle.price)}</p>
      <dl className="spec-list">
        <dt>Seats</dt>
        <dd>
          {specifications.seatingCapacity}
          <ExampleMark vehicle={vehicle} path="specifications.seatingCapacity" />
        </dd>
        <dt>Range</dt>
        <dd>
          {specifications.range}
          <ExampleMark vehicle={vehicle} path="specifications.range" />
        </dd>
        <dt>Top speed</dt>
        <dd>
          {specifications.topSpeed}
          <ExampleMark vehicle={vehicle} path="specifications.topSpeed" />
        </dd>
        <dt>Drive</dt>
        <dd>
          {String(specifications.driveType ?? "Rear-Wheel Drive")}
          <ExampleMark vehicle={vehicle} path="specifications.driveType" />
        </dd>
      </dl>
      <ul className="check-list">
        {vehicle.features.slice(0, featureCount).map((feature) => (
          <li key={feature}>
            {feature}
            <ExampleMark vehicle={vehicle} path="features" />
          </li>
        ))}
      </ul>
      <div className="card__footer button-row">
        <Link to={vehiclePath(vehicle)} className="button button--primary" aria-label={`View Details: ${vehicle.name}`}>
          View Details
        </Link>
        <Link to={quotePath(vehicle)} className="button button--ghost" aria-label={`Get Quote: ${vehicle.name}`}>
          Get Quote
        </Link>
      </div>
    </article>
  );
}
