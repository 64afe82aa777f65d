import { pageMeta } from "~/seo/meta";
import { serviceOffers } from "~/features/services/services";
import { ServicesPage } from "~/features/services/ServicesPage";

export function meta() {
  return pageMeta({
    title: "Golf Cart Service, Repair and Battery Work",
    description: `Golf cart maintenance, repair, battery service, custom modifications and warranty work. ${serviceOffers[0]!.priceText} labour.`,
    path: "/services",
    breadcrumb: "Services",
    structuredData: [
      {
        "@context": "https://schema.org",
        "@type": "Service",
        serviceType: "Golf cart repair and maintenance",
        hasOfferCatalog: {
          "@type": "OfferCatalog",
          name: "Golf cart services",
          itemListElement: serviceOffers.map((offer) => ({
            "@type": "Offer",
            itemOffered: { "@type": "Service", name: offer.title, description: offer.description },
            description: offer.priceText,
          })),
        },
      },
    ],
  });
}

export default ServicesPage;
