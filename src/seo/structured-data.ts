import { returns, salesDelivery } from "~/config/business-terms";
import { policyPath } from "~/config/policy-list";
import { site, showroom, type Department, type OpeningHours, type Review } from "~/config/site";
import { absoluteUrl } from "./urls";

/**
 * JSON-LD builders. Every value comes from the site config or the page's own data, so search
 * engines read the same facts the visitor does.
 */

function openingHoursSpecification(hours: readonly OpeningHours[]) {
  return hours
    .filter((entry) => entry.opens && entry.closes)
    .map((entry) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: entry.days.map((day) => `https://schema.org/${day}`),
      opens: entry.opens,
      closes: entry.closes,
    }));
}

export interface AreaServed {
  name: string;
  type: "City" | "AdministrativeArea";
}

/** Boroughs are places (City); townships are administrative areas. */
export function areaServedFor(towns: readonly { name: string; type: "Borough" | "Township" }[]): AreaServed[] {
  return towns.map((town) => ({
    name: `${town.name}, PA`,
    type: town.type === "Township" ? "AdministrativeArea" : "City",
  }));
}

/**
 * The one node that defines the business. Only the home page carries the definition; every other
 * page refers to it by this @id, so search engines never read two versions of one dealer.
 */
export const dealerId = absoluteUrl("/#dealer");

/** The dealership as an AutoDealer (a LocalBusiness) with address, geo, hours and contacts. */
export function autoDealerJsonLd(options: { areaServed?: readonly AreaServed[] } = {}) {
  const address = showroom.address;
  return {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    "@id": dealerId,
    name: site.name,
    url: absoluteUrl("/"),
    telephone: site.phone.e164,
    email: site.emails.sales,
    image: absoluteUrl("/social-card.png"),
    priceRange: "$$",
    ...(address
      ? {
          address: {
            "@type": "PostalAddress",
            streetAddress: address.street,
            addressLocality: address.city,
            addressRegion: address.region,
            postalCode: address.postalCode,
            addressCountry: address.country,
          },
        }
      : {}),
    ...(showroom.coordinates
      ? { geo: { "@type": "GeoCoordinates", latitude: showroom.coordinates.lat, longitude: showroom.coordinates.lng } }
      : {}),
    openingHoursSpecification: openingHoursSpecification(site.showroomHours.hours),
    department: [departmentJsonLd(site.serviceHours, site.emails.service)],
    ...(options.areaServed ? { areaServed: areaServedJsonLd(options.areaServed) } : {}),
    ...reviewsJsonLd(site.reviews),
  };
}

function areaServedJsonLd(areas: readonly AreaServed[]) {
  return areas.map((area) => ({ "@type": area.type, name: area.name }));
}

/** A page of the site about the dealer (the showroom page): it names the dealer by @id only. */
export function aboutDealerPageJsonLd(options: { path: string; name: string }) {
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    "@id": absoluteUrl(options.path),
    url: absoluteUrl(options.path),
    name: options.name,
    about: { "@id": dealerId },
  };
}

/** What the dealer offers in some places (a town page): a Service the dealer provides, by @id. */
export function localServiceJsonLd(options: { path: string; name: string; areaServed: readonly AreaServed[] }) {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": absoluteUrl(`${options.path}#service`),
    url: absoluteUrl(options.path),
    name: options.name,
    serviceType: "Electric golf cart sales, rentals, delivery and service",
    provider: { "@id": dealerId },
    areaServed: areaServedJsonLd(options.areaServed),
  };
}

const day = 24 * 60 * 60 * 1000;

/**
 * What a vehicle's Offer says beyond its price, each from the module that states it: how long the
 * price holds (only when the dealer has said how long a quote holds, `site.optionalClaims`), the
 * return policy's window and restocking fee for a new or used cart (`returns`), and free delivery
 * to the showroom's own postal code for a sale of at least the delivery policy's minimum, with an
 * in-stock cart's delivery time (`salesDelivery`; beyond a free zone the charge is per mile, which
 * no fixed rate can state, so no other destination is claimed).
 */
export function offerTermsJsonLd(vehicle: { isNew: boolean; inStock: boolean; price: number }, now = new Date()) {
  const quoteDays = site.optionalClaims.quoteValidDays;
  const postalCode = showroom.address?.postalCode;
  const [fastest, slowest] = salesDelivery.inStockBusinessDays.split("-").map(Number);
  return {
    ...(quoteDays === null
      ? {}
      : { priceValidUntil: new Date(now.getTime() + quoteDays * day).toISOString().slice(0, 10) }),
    hasMerchantReturnPolicy: {
      "@type": "MerchantReturnPolicy",
      applicableCountry: "US",
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: vehicle.isNew ? returns.newCartDays : returns.usedCartDays,
      restockingFee: vehicle.isNew ? returns.newCartRestockingPercent : returns.usedCartRestockingPercent,
      merchantReturnLink: absoluteUrl(policyPath({ slug: "return-policy" })),
    },
    ...(postalCode && vehicle.price >= salesDelivery.freeMinimumSale
      ? {
          shippingDetails: {
            "@type": "OfferShippingDetails",
            shippingRate: { "@type": "MonetaryAmount", value: 0, currency: "USD" },
            shippingDestination: {
              "@type": "DefinedRegion",
              addressCountry: "US",
              addressRegion: showroom.address!.region,
              postalCode,
            },
            // The policy's business days from sale to door, for a cart on the lot; a custom order's
            // weeks depend on the maker, so it states none.
            ...(vehicle.inStock
              ? {
                  deliveryTime: {
                    "@type": "ShippingDeliveryTime",
                    handlingTime: { "@type": "QuantitativeValue", minValue: 0, maxValue: 0, unitCode: "DAY" },
                    transitTime: {
                      "@type": "QuantitativeValue",
                      minValue: fastest,
                      maxValue: slowest,
                      unitCode: "DAY",
                    },
                  },
                }
              : {}),
          },
        }
      : {}),
  };
}

/** A department of the dealership (the service desk) with its own hours. */
function departmentJsonLd(department: Department, email: string) {
  return {
    "@type": "AutoRepair",
    name: `${site.name} ${department.name}`,
    telephone: site.phone.e164,
    email,
    openingHoursSpecification: openingHoursSpecification(department.hours),
  };
}

/**
 * Ratings only from reviews the dealer has put in the config, with each review beside them; with
 * none, nothing: a rating without reviews behind it is not something the dealer can sign.
 */
export function reviewsJsonLd(reviews: readonly Review[]) {
  if (reviews.length === 0) return {};
  const average = reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length;
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: Math.round(average * 10) / 10,
      reviewCount: reviews.length,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.map((review) => ({
      "@type": "Review",
      author: { "@type": "Person", name: review.author },
      datePublished: review.datePublished,
      reviewBody: review.text,
      reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      url: review.source,
    })),
  };
}

export interface Question {
  question: string;
  answer: string;
  /** A page of the site that answers it at length, linked after the answer. */
  more?: { path: string; label: string };
}

export function faqJsonLd(questions: readonly Question[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: questions.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: {
        "@type": "Answer",
        text: entry.more ? `${entry.answer} ${entry.more.label}: ${absoluteUrl(entry.more.path)}` : entry.answer,
      },
    })),
  };
}
