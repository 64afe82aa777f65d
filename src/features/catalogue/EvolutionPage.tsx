import { Link } from "~/ui/links";
import { site, telHref } from "~/config/site";
import { ModelCard, SeriesCard } from "./BrandCards";
import { ExampleNote } from "./ExampleMark";
import { evolutionDifference, evolutionWhyChoose, type SeriesSummary } from "./brand-lineups";
import type { Vehicle } from "./vehicle";
import { InfoCards } from "~/ui/InfoCards";
import { PageHero } from "~/ui/PageHero";

export function EvolutionPage({ series, featured }: { series: SeriesSummary[]; featured: Vehicle[] }) {
  return (
    <>
      <PageHero
        badge="PREMIUM ELECTRIC VEHICLES"
        title={<>EVOLUTION® Electric Vehicles</>}
        lead={<>Seven series of premium electric carts, from classic two-seaters to lifted six-seat flagships.</>}
      >
        <a href={telHref()} className="button button--accent">
          Call {site.phone.display}
        </a>
        <Link to="/inventory?brand=evolution" className="button button--on-dark">
          View EVOLUTION Models
        </Link>
      </PageHero>
      <section className="container page-section" aria-labelledby="evolution-difference">
        <h2 id="evolution-difference">The EVOLUTION Difference</h2>
        <span className="badge badge--new">Industry Leading</span>
        <ul className="check-list">
          {evolutionDifference.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </section>
      <section className="section-alt page-section" aria-labelledby="evolution-series">
        <div className="container">
          <h2 id="evolution-series" className="section-heading">
            EVOLUTION series
          </h2>
          <div className="grid grid--wide">
            {series.map((entry) => (
              <SeriesCard key={entry.category} series={entry} />
            ))}
          </div>
        </div>
      </section>
      <section className="container page-section" aria-labelledby="evolution-featured">
        <h2 id="evolution-featured" className="section-heading">
          Featured models
        </h2>
        <div className="grid grid--wide">
          {featured.map((model) => (
            <ModelCard key={model.id} vehicle={model} featureCount={4} />
          ))}
        </div>
        {featured.some((model) => model.exampleFields?.length) ? <ExampleNote /> : null}
      </section>
      <section className="section-alt page-section" aria-labelledby="evolution-why">
        <div className="container">
          <h2 id="evolution-why" className="section-heading">
            Why Choose EVOLUTION
          </h2>
          <InfoCards items={evolutionWhyChoose} />
        </div>
      </section>
      <section className="container page-section">
        <h2>Ready to drive an EVOLUTION?</h2>
        <div className="button-row">
          <a href={telHref()} className="button button--primary">
            Call {site.phone.display}
          </a>
          <Link to="/contact" className="button button--ghost">
            Schedule Test Drive
          </Link>
        </div>
      </section>
    </>
  );
}
