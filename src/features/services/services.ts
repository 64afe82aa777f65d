import { formatPrice } from "~/lib/format";
import { service } from "~/config/business-terms";
import { purchaseTerms, site } from "~/config/site";

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
      // Our own check, not Pennsylvania's: a golf cart is not inspected by PennDOT, and only an
      // official inspection station can inspect a registered vehicle (75 Pa.C.S. § 4703).
      "Annual safety check by our technicians (our own check, not a PennDOT inspection)",
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
    // No "street-legal conversion": Pennsylvania does not register a golf cart for the road
    // (75 Pa.C.S. § 77A01), and a low-speed vehicle is one its maker certifies to FMVSS No. 500
    // (49 CFR § 571.500) with its own label (§ 567.4); fitting a cart with lights and belts makes
    // neither (docs/decisions.md).
    description:
      "Lift kits, seating, lighting, sound and accessories fitted in our shop. Only a model its maker certifies as a low-speed vehicle is street-legal; no shop work makes a golf cart one.",
    features: [
      "Lift kits and wheels",
      "Rear seats and cargo boxes",
      "LED lighting packages",
      "Lights, mirrors and seat belts for carts used on private property",
      "Accessories fitted to maker-certified LSVs",
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

/**
 * Sales tax on service work: repairing tangible personal property, and the parts fitted as a repair,
 * are taxable services in Pennsylvania (72 P.S. § 7201(k)(4); 61 Pa. Code § 31.5(a)(1)-(2),
 * https://www.pacodeandbulletin.gov/Display/pacode?file=/secure/pacode/data/061/chapter31/s31.5.html),
 * so the rates above are before tax (docs/decisions.md).
 */
export const serviceTaxNote = `Pennsylvania sales tax (${purchaseTerms.salesTaxPercent}%) is added to labour and parts: repairing a cart and the parts fitted to it are taxable (72 P.S. § 7201(k)(4); 61 Pa. Code § 31.5(a)).`;

export const serviceReasons = [
  { title: "Factory-trained technicians", text: "Trained on every brand we sell." },
  { title: "Pickup and delivery", text: `Anywhere in the county, so your cart comes to us without a trailer.` },
  { title: "Honest estimates", text: "We call before any work beyond the estimate." },
  { title: "Parts in stock", text: "Common parts on the shelf, so most repairs finish the same week." },
];
