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
          <FooterLinks items={footerBrandLinks} />
          <ul className="footer-links">
            <li>
              <a href={financingApplication.href} target="_blank" rel="noopener noreferrer">
                {financingApplication.label}
                <span className="visually-hidden"> (opens the lender's application in a new tab)</span>
              </a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-policies">
          <h2 id="footer-policies" className="site-footer__heading">
            Policies
          </h2>
          <FooterLinks items={footerPolicyLinks} />
        </section>
      </div>
      <section className="container site-footer__towns" aria-labelledby="footer-towns">
        <h2 id="footer-towns" className="site-footer__heading">
          Towns we serve
        </h2>
        <FooterLinks items={footerTownLinks} className="footer-links footer-links--inline" />
      </section>
      <p className="container site-footer__legal">
        © {new Date().getFullYear()} {site.name}. All rights reserved.
      </p>
    </footer>
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
