import { Link } from "~/ui/links";
import { site, telHref } from "~/config/site";
import { loanTerms } from "~/config/loan-terms";
import { financingBenefits, financingLead, financingPartners, financingReasons } from "./partners";
import { representativeExample } from "./monthly-payment";
import { InfoCards } from "~/ui/InfoCards";
import { PageHero } from "~/ui/PageHero";
import { formatMoney } from "~/lib/format";

export function FinancingPage() {
  const example = representativeExample();
  return (
    <>
      <PageHero title={<>Golf Cart Financing</>} lead={<>{financingLead}</>} />
      <section className="container page-section">
        <h2>Financing made simple</h2>
        <ul className="check-list grid">
          {financingBenefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        {example ? (
          <p data-testid="representative-example">
            Representative example: on {formatMoney(example.amountFinanced)} financed, {example.terms}
          </p>
        ) : null}
      </section>
      <section className="section-alt page-section" aria-labelledby="partners-title">
        <div className="container">
          <h2 id="partners-title" className="section-heading">
            Our financing partners
          </h2>
          <div className="grid">
            {financingPartners.map((partner) => (
              <article key={partner.id} className={`card partner-card partner-card--${partner.theme}`}>
                <img src={partner.image} alt="" width={64} height={64} loading="lazy" />
                <h3>{partner.title}</h3>
                <p className="partner-card__subtitle">{partner.subtitle}</p>
                <p>{partner.description}</p>
                <div className="card__footer">
                  <a href={partner.url} target="_blank" rel="noopener noreferrer" className="button button--primary">
                    {partner.buttonText}
                    <span className="visually-hidden"> (opens {partner.title}'s application in a new tab)</span>
                  </a>
                </div>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section className="container page-section">
        <h2 className="section-heading">Why finance with us</h2>
        <InfoCards items={financingReasons} />
      </section>
      <section className="container page-section">
        <div className="card">
          <h2>Questions about financing?</h2>
          <p>Call us and we will help you choose the right lender for your cart.</p>
          <div className="button-row">
            <a href={telHref()} className="button button--primary">
              Call {site.phone.display}
            </a>
            <Link to="/contact" className="button button--ghost">
              Contact us
            </Link>
          </div>
        </div>
        <p className="muted disclaimer">{loanTerms.disclaimer}</p>
      </section>
    </>
  );
}
