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

/** The dealership as an AutoDealer (a LocalBusiness) with address, geo, hours and contacts. */
export function autoDealerJsonLd(options: { areaServed?: readonly AreaServed[]; path?: string } = {}) {
  const address = showroom.address;
  return {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    "@id": absoluteUrl("/#dealer"),
    name: site.name,
    url: absoluteUrl(options.path ?? "/"),
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
    ...(options.areaServed
      ? { areaServed: options.areaServed.map((area) => ({ "@type": area.type, name: area.name })) }
      : {}),
    ...reviewsJsonLd(site.reviews),
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

export interface Breadcrumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(crumbs: readonly Breadcrumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
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
