import { Link } from "~/ui/links";
import { site } from "~/config/site";
import { regionNames, townsByRegion, type Region } from "~/lib/geography";
import { townPath, towns } from "~/config/towns";
import { story, team, values } from "./about-content";
import { InfoCards } from "~/ui/InfoCards";
import { PageHero } from "~/ui/PageHero";
import { HeroCarts } from "~/features/catalogue/HeroCarts";
import type { HeroCart } from "~/features/catalogue/vehicle-summary";
import { DealerPhoto } from "~/features/photos/DealerPhoto";
import type { PhotoReference } from "~/features/photos/photo-names";

export function AboutPage({ photo, featured }: { photo: PhotoReference | null; featured: HeroCart[] }) {
  const regions = townsByRegion();
  return (
    <>
      <PageHero
        title={<>About {site.name}</>}
        lead={
          <>
            {site.claims.yearsInBusiness}+ years and {site.claims.customersServed}+ customers across {site.county}.
          </>
        }
        // A photo staff took for this page or else the showroom's; until then the carts we sell.
        media={photo ? <DealerPhoto photo={photo} /> : <HeroCarts featured={featured} />}
      />
      <section className="container page-section">
        <h2>Our story</h2>
        {story.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
      <section className="section-alt page-section">
        <div className="container">
          <h2 className="section-heading">What we value</h2>
          <InfoCards items={values} />
        </div>
      </section>
      <section className="container page-section">
        <h2 className="section-heading">Our team</h2>
        <div className="grid">
          {team.map((member) => (
            <article key={member.name} className="card">
              <h3>{member.name}</h3>
              <p className="muted">
                {member.role} · {member.experience}
              </p>
              <p>{member.description}</p>
            </article>
          ))}
        </div>
      </section>
      <section className="section-alt page-section" aria-labelledby="service-area">
        <div className="container">
          <h2 id="service-area" className="section-heading">
            Our service area: {towns.length} municipalities
          </h2>
          <div className="grid grid--wide">
            {(Object.keys(regions) as Region[]).map((region) => (
              <div key={region} className="card">
                <h3>
                  {regionNames[region]} ({regions[region].length})
                </h3>
                <ul className="town-list">
                  {regions[region].map((town) => (
                    <li key={town.slug}>
                      <Link to={townPath(town)}>{town.name}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </section>
      <section className="container page-section">
        <Link to="/contact" className="button button--primary">
          Get in touch
        </Link>
      </section>
    </>
  );
}
