import { Link } from "~/ui/links";
import { site, telHref } from "~/config/site";
import { ModelCard, SeriesCard } from "./BrandCards";
import { ExampleNote } from "./ExampleMark";
import { denagoFeatures, denagoLead, type SeriesSummary } from "./brand-lineups";
import type { Vehicle } from "./vehicle";
import { PageHero } from "~/ui/PageHero";

export function DenagoPage({ series, models }: { series: SeriesSummary[]; models: Vehicle[] }) {
  return (
    <>
      <PageHero
        badge={site.optionalClaims.authorizedDenagoDealer ? "AUTHORIZED DENAGO DEALER" : "DENAGO ELECTRIC VEHICLES"}
        title={<>DENAGO Electric Vehicles</>}
        lead={<>{denagoLead}</>}
      >
        <a href={telHref()} className="button button--accent">
          Call {site.phone.display}
        </a>
        <Link to="/inventory?brand=denago" className="button button--on-dark">
          Compare in inventory
        </Link>
      </PageHero>
      <section className="container page-section" aria-labelledby="denago-features">
        <h2 id="denago-features">Why DENAGO</h2>
        <ul className="check-list">
          {denagoFeatures.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </section>
      <section className="section-alt page-section" aria-labelledby="denago-series">
        <div className="container">
          <h2 id="denago-series" className="section-heading">
            The DENAGO series
          </h2>
          <div className="grid grid--wide">
            {series.map((entry) => (
              <SeriesCard key={entry.category} series={entry} />
            ))}
          </div>
        </div>
      </section>
      <section className="container page-section" aria-labelledby="denago-lineup">
        <h2 id="denago-lineup" className="section-heading">
          The DENAGO lineup
        </h2>
        <div className="grid grid--wide">
          {models.map((model) => (
            <ModelCard key={model.id} vehicle={model} featureCount={3} />
          ))}
        </div>
        {models.some((model) => model.exampleFields?.length) ? <ExampleNote /> : null}
        <div className="button-row page-section">
          <Link to="/inventory" className="button button--ghost">
            Compare all models in our inventory
          </Link>
          <Link to="/contact" className="button button--primary">
            Schedule Test Drive
          </Link>
        </div>
      </section>
    </>
  );
}
