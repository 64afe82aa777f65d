import { formatPrice } from "~/lib/format";
import { service } from "~/config/business-terms";
import { site } from "~/config/site";

export interface ServiceOffer {
  id: string;
  /** Decorative symbol shown beside the title. */
  icon: string;
  title: string;
  description: string;
  features: readonly string[];
  priceText: string;
}

const labour = `From ${formatPrice(service.laborRatePerHour)}/hour`;

export const serviceOffers: readonly ServiceOffer[] = [
  {
    id: "maintenance-repair",
    icon: "🔧",
    title: "Maintenance & Repair",
    description: "Seasonal tune-ups, brakes, steering, suspension and electrical diagnosis for every make.",
    features: [
      "Annual safety inspection",
      "Brake and steering service",
      "Motor and controller diagnosis",
      "Tyres and alignment",
    ],
    priceText: labour,
  },
  {
    id: "battery",
    icon: "🔋",
    title: "Battery Services",
    description: "Testing, watering and replacement of lead-acid packs, and lithium conversions.",
    features: ["Load testing", "Lead-acid replacement", "Lithium conversion kits", "Charger repair"],
    priceText: labour,
  },
  {
    id: "custom",
    icon: "✨",
    title: "Custom Modifications",
    description: "Lift kits, seating, lighting, sound and street-legal packages built in our shop.",
    features: [
      "Lift kits and wheels",
      "Rear seats and cargo boxes",
      "LED lighting packages",
      "Street-legal conversions",
    ],
    priceText: "Quoted on request",
  },
  {
    id: "warranty",
    icon: "🛡️",
    title: "Warranty Service",
    description: "Warranty repairs for the DENAGO and EVOLUTION carts we sell.",
    features: [
      "Factory-trained technicians",
      "Genuine parts",
      "Warranty claims handled for you",
      ...(site.optionalClaims.loanerCarts ? ["Loaner carts when available"] : []),
    ],
    priceText: "Covered by warranty",
  },
];

export const serviceReasons = [
  { title: "Factory-trained technicians", text: "Trained on every brand we sell." },
  { title: "Pickup and delivery", text: `Anywhere in the county, so your cart comes to us without a trailer.` },
  { title: "Honest estimates", text: "We call before any work beyond the estimate." },
  { title: "Parts in stock", text: "Common parts on the shelf, so most repairs finish the same week." },
];
