import { Link } from "~/ui/links";
import { formatAddress, mailtoHref, showroom, site, telHref } from "~/config/site";
import { BusinessHours } from "~/ui/BusinessHours";
import { financingApplication, footerBrandLinks, footerPolicyLinks, footerTownLinks, type NavItem } from "./navigation";

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {site.name}
          </h2>
          <p>{site.tagline}.</p>
          <address>
            {showroom.address ? <span>{formatAddress(showroom.address)}</span> : null}
            <br />
            <a href={telHref()}>{site.phone.display}</a>
            <br />
            <a href={mailtoHref()}>{site.emails.sales}</a>
          </address>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="site-footer__heading">
            Hours
          </h2>
          <BusinessHours />
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className="site-footer__heading">
            Vehicles, storage &amp; financing
          </h2>
          <FooterLinks items={footerBrandLinks} className="footer-links footer-links--inline-phone" />
          <ul className="footer-links footer-links--inline-phone">
            <li>
              <a href={financingApplication.href} target="_blank" rel="noopener noreferrer">
                {financingApplication.label}
                <span className="visually-hidden"> (opens the lender's application in a new tab)</span>
              </a>
            </li>
          </ul>
        </section>
        <FooterGroup title="Policies" items={footerPolicyLinks} />
      </div>
      <div className="container site-footer__towns">
        <FooterGroup title="Towns we serve" items={footerTownLinks} className="footer-links footer-links--inline" />
      </div>
      <p className="container site-footer__legal">
        © {new Date().getFullYear()} {site.name}. All rights reserved.
      </p>
    </footer>
  );
}

/**
 * A long list of links (16 policies, 35 towns) that a phone folds away, so the footer fits about one
 * screen: a closed `<details>` that opens without any script. On a wide screen the list is always
 * shown under a plain heading and the summary is hidden (see .footer-group in app.css); a browser
 * that cannot style the folded part keeps the summary, so nothing is ever out of reach.
 */
function FooterGroup({ title, items, className }: { title: string; items: readonly NavItem[]; className?: string }) {
  return (
    <div className="footer-group">
      <h2 className="site-footer__heading footer-group__title">{title}</h2>
      <details className="footer-group__details">
        <summary className="footer-group__summary">
          <h2 className="site-footer__heading">{title}</h2>
          <span className="footer-group__count">{items.length} links</span>
        </summary>
        <FooterLinks items={items} className={className} />
      </details>
    </div>
  );
}

function FooterLinks({ items, className = "footer-links" }: { items: readonly NavItem[]; className?: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <Link to={item.to} prefetch="none">
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
