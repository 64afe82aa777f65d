import { formatAddress, mailtoHref, showroom, site, telHref } from "~/config/site";
import { BusinessHours } from "~/ui/BusinessHours";
import { tradeInPath } from "~/config/pages";
import { tradeInInvite } from "~/config/trade-in-options";
import { ContactForm, type ContactFormProps } from "./ContactForm";
import { PageHero } from "~/ui/PageHero";
import { HeroCarts } from "~/features/catalogue/HeroCarts";
import type { HeroCart } from "~/features/catalogue/vehicle-summary";
import { DealerPhoto } from "~/features/photos/DealerPhoto";
import type { PhotoReference } from "~/features/photos/photo-names";

export interface ContactPageProps extends ContactFormProps {
  photo: PhotoReference | null;
  featured: HeroCart[];
}

export function ContactPage({ photo, featured, ...form }: ContactPageProps) {
  return (
    <>
      <PageHero
        title={<>Contact Us</>}
        lead={<>Questions about a cart, a rental or a repair? Call, e-mail or send us a message.</>}
        // A photo staff took for this page or else the showroom's; until then the carts we sell.
        media={photo ? <DealerPhoto photo={photo} /> : <HeroCarts featured={featured} />}
      >
        <a href={telHref()} className="button button--accent">
          Call {site.phone.display}
        </a>
        <a href={mailtoHref()} className="button button--on-dark">
          E-mail {site.emails.sales}
        </a>
      </PageHero>
      <section className="container page-section contact-layout">
        <div>
          <h2>Get in touch</h2>
          <ul className="contact-details">
            <li>
              <strong>Main location</strong>
              {showroom.address ? formatAddress(showroom.address) : site.name}
            </li>
            <li>
              <strong>Service area</strong>
              {site.county} and the surrounding towns of northeastern {site.state}
            </li>
            <li>
              <strong>Phone</strong>
              <a href={telHref()}>{site.phone.display}</a>
            </li>
            <li>
              <strong>E-mail</strong>
              <a href={mailtoHref()}>{site.emails.sales}</a>
            </li>
            <li>
              <strong>Website</strong>
              <a href={site.website}>{new URL(site.website).host}</a>
            </li>
          </ul>
          <h2>Business hours</h2>
          <BusinessHours />
          <p>
            <a href={tradeInPath}>{tradeInInvite}</a>
          </p>
        </div>
        <div className="card">
          <ContactForm {...form} />
        </div>
      </section>
    </>
  );
}
