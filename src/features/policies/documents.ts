import { rentalDepositTerms, reservationDepositTerms } from "~/config/deposits";
import { hoursSentence, site } from "~/config/site";
import { formatPrice, formatTimeOfDay } from "~/lib/format";
import { periodLabel, rentalPlans, rentalTerms } from "~/config/rental-plans";
import { towns } from "~/config/towns";
import {
  policiesEffective,
  responseTimes,
  returns,
  salesDelivery,
  service,
  staffingReport,
  storage,
} from "~/config/business-terms";
import { rentalFleetOrigin, salesFreeZoneText } from "~/lib/delivery";
import type { PolicyDocument, PolicySection } from "./policy-document";
import {
  decidedChargeTaxNotes,
  plusSalesTax,
  rentalFeesTaxNote,
  rentalTaxNote,
  storageAccessNote,
  storageTaxNote,
} from "~/config/taxes";
import { storagePaymentTerms } from "./storage-payment-terms";
import { policyLinks, type PolicySlug } from "~/config/policy-list";
import { roadUsePath } from "~/config/pages";
import { lienAndSale } from "~/config/lien-and-sale";

const money = formatPrice;
const hoursText = hoursSentence(site.showroomHours);

/** Every policy ends with who to ask. */
const contactSection: PolicySection = {
  heading: "Contact us",
  paragraphs: [
    `E-mail ${site.emails.info} or call our toll-free line ${site.phone.display} (${hoursText}). We serve ${site.county} and its ${towns.length} municipalities.`,
  ],
};

const titleOf = (slug: PolicySlug) => policyLinks.find((policy) => policy.slug === slug)?.title ?? slug;

function policy(
  slug: PolicySlug,
  rest: Omit<PolicyDocument, "slug" | "title" | "hero" | "effectiveDate"> & { hero?: boolean },
): PolicyDocument {
  return {
    slug,
    title: titleOf(slug),
    hero: rest.hero ?? true,
    effectiveDate: policiesEffective,
    ...rest,
    sections: [...rest.sections, contactSection],
  };
}

export const termsSections: readonly PolicySection[] = [
  {
    heading: "Our services",
    list: [
      "Sales of new and used electric golf carts and utility vehicles",
      "Golf cart rentals by the day, week or month",
      "Repair, maintenance and battery service",
      "Parts and accessories",
      `Delivery throughout ${site.county}`,
    ],
  },
  {
    heading: "Using this website",
    paragraphs: [
      "You may browse, print and share pages for personal, non-commercial use. You may not copy the site's content for resale, scrape it automatically, probe or disrupt its security, or submit false or abusive messages.",
      "Prices, specifications and availability shown online can change without notice and may contain errors; the written purchase or rental agreement is what binds us both.",
    ],
  },
  {
    heading: "Sales",
    paragraphs: [
      "A sale is final when both parties sign the purchase agreement and payment clears. Deposits hold a vehicle for the period stated on the receipt. Returns follow our Return Policy.",
      `A cart reservation's deposit paid online: ${reservationDepositTerms.join(" ")}`,
    ],
  },
  {
    heading: "Rentals",
    paragraphs: [
      `Renters must be ${rentalTerms.minimumAge} or older with ${rentalTerms.renterShows}. ${rentalTerms.licenseRefused} Rentals follow our Rental Policy.`,
    ],
  },
  {
    heading: "Service",
    paragraphs: [
      `Repairs are estimated before work starts and billed at ${money(service.laborRatePerHour)} per hour plus parts, with Pennsylvania sales tax on both (72 P.S. § 7201(k)(4)). If a vehicle is left more than ${service.uncollectedAfterDays} days after we report it ready and its charges are unpaid, ${lienAndSale.procedure} ${lienAndSale.counselReviewMark}`,
    ],
  },
  {
    heading: "Limitation of liability",
    paragraphs: [
      "To the extent the law allows, our liability for any claim about a product or service is limited to the amount you paid for it. We are not liable for indirect or consequential losses.",
    ],
  },
  {
    heading: "Indemnification",
    paragraphs: [
      "You agree to cover losses, claims and reasonable legal costs that arise from your misuse of a vehicle, of this website, or from breaking these terms.",
    ],
  },
  {
    heading: "Governing law",
    paragraphs: [
      "These terms are governed by the laws of the Commonwealth of Pennsylvania; disputes go to the courts of Susquehanna County.",
    ],
  },
  {
    heading: "Severability",
    paragraphs: ["If a court finds any part of these terms unenforceable, the rest stays in force."],
  },
];

const rentalRateTable = {
  caption: "Rental rates",
  head: ["Vehicle", ...rentalPlans[0]!.rates.map((rate) => periodLabel(rate.period)), "Deposit"],
  rows: rentalPlans.map((plan) => [plan.title, ...plan.rates.map((rate) => money(rate.price)), money(plan.deposit)]),
};

export const policyDocuments: readonly PolicyDocument[] = [
  policy("terms-conditions", {
    description: "The terms for buying, renting and servicing golf carts with us and for using this website.",
    keywords: ["terms and conditions", "golf cart sales terms", "rental terms", "Pennsylvania"],
    intro: `These terms apply to every sale, rental and repair by ${site.name} and to this website.`,
    sections: termsSections,
  }),
  policy("return-policy", {
    description: "How returns work for new carts, used carts and parts, with restocking fees and refund times.",
    keywords: ["golf cart return policy", "restocking fee", "refund"],
    intro: `Every return needs a return authorization number, which we issue when you call or e-mail us first. Returns without one are refused.`,
    sections: [
      {
        heading: "Return windows",
        table: {
          caption: "What can be returned, and when",
          head: ["Item", "Window", "Condition", "Restocking fee"],
          rows: [
            [
              "New carts",
              `${returns.newCartDays} days`,
              `Under ${returns.newCartMaxMiles} miles driven`,
              `${returns.newCartRestockingPercent}%`,
            ],
            [
              "Used carts",
              `${returns.usedCartDays} days`,
              "No returns on as-is sales",
              `${returns.usedCartRestockingPercent}%`,
            ],
            [
              "Parts",
              `${returns.partsDays} days`,
              "Unused, in original packaging",
              `${returns.partsRestockingPercent}% on non-defective items`,
            ],
          ],
        },
      },
      {
        heading: "Defective items",
        paragraphs: [
          `Report a defect within ${returns.defectReportHours} hours of delivery or pickup; defective items are repaired, replaced or refunded without a restocking fee.`,
          `The ${returns.defectReportHours} hours are for a return under this policy only: they do not shorten any maker's warranty on the item, or any warranty of ours, and do not limit any right the law gives you.`,
        ],
      },
      {
        heading: "Refunds",
        list: [
          `New cart refunds are issued within ${returns.refundBusinessDays} business days of receiving the cart.`,
          `Card refunds reach your account in ${returns.cardRefundBusinessDays} business days.`,
          `Refunds by check take ${returns.checkRefundBusinessDays} business days.`,
        ],
      },
    ],
  }),
  policy("delivery-policy", {
    description: "Delivery zones, fees, times and what we need at your property when a cart is delivered.",
    keywords: ["golf cart delivery", "delivery fee", "Susquehanna County delivery"],
    intro: `We deliver sales and rentals across ${site.county}.`,
    sections: [
      {
        heading: "Zones and fees",
        list: [
          `Free delivery on a sale of ${money(salesDelivery.freeMinimumSale)} or more within ${salesFreeZoneText()}.`,
          `Beyond the free zone: ${money(salesDelivery.perMileBeyond)} per mile, counted from whichever of those locations costs you less. Each town page shows its own charge.`,
          `A sale under ${money(salesDelivery.freeMinimumSale)}: ${money(salesDelivery.perMileBeyond)} for every mile from the nearest of those locations.`,
          "Miles are measured in a straight line to your town, and a part of a mile counts as a whole mile.",
          `Rentals: free within ${rentalTerms.deliveryFreeMiles} miles of ${rentalFleetOrigin.name}, then ${money(rentalTerms.deliveryPerMile)} per mile, charged once per rental (it covers delivery and pickup).`,
          `Same-day rental delivery when you order before ${formatTimeOfDay(rentalTerms.sameDayCutoff)}, with a ${money(rentalTerms.rushFee)} rush fee.`,
          `White glove delivery (placement, walkthrough and setup): ${money(salesDelivery.whiteGloveFee)}.`,
        ],
      },
      {
        heading: "Timing",
        list: [
          `In-stock carts: ${salesDelivery.inStockBusinessDays} business days.`,
          `Custom orders: ${salesDelivery.customOrderWeeks} weeks.`,
          `We confirm a ${salesDelivery.windowHours}-hour delivery window the day before.`,
          `Delivery hours: ${salesDelivery.hours.map((entry) => `${entry.days} ${entry.times}`).join(", ")}.`,
        ],
      },
      {
        heading: "Changes and missed deliveries",
        list: [
          `Rescheduling is free with ${salesDelivery.rescheduleNoticeHours} hours' notice.`,
          `Same-day cancellation: ${money(salesDelivery.sameDayCancellationFee)}.`,
          `Missed appointment: ${money(salesDelivery.missedAppointmentFee)}.`,
        ],
      },
      {
        heading: "At your property",
        list: [
          `An adult (${rentalTerms.minimumAge}+) must be present to sign for the delivery.`,
          `The path to where the cart goes must be at least ${salesDelivery.minimumPathWidthFeet} feet wide with ${salesDelivery.minimumClearanceFeet} feet of overhead clearance.`,
        ],
      },
    ],
  }),
  policy("rental-policy", {
    description: "Who can rent, deposits, rates, fees, insurance cover and cancellations for golf cart rentals.",
    keywords: ["golf cart rental policy", "rental deposit", "rental rates"],
    intro: `These rules apply to every rental.`,
    sections: [
      {
        heading: "Who can rent",
        list: [
          `Renters must be ${rentalTerms.minimumAge} or older with ${rentalTerms.renterShows}.`,
          rentalTerms.licenseRefused,
          `Additional drivers: ${money(rentalTerms.additionalDriverFee)} each, at most ${rentalTerms.maximumAdditionalDrivers}.`,
        ],
      },
      { heading: "Rates and deposits", table: rentalRateTable },
      { heading: "Taxes and fees", paragraphs: [rentalTaxNote] },
      {
        heading: "Rental period",
        list: [
          `Minimum ${rentalTerms.minimumHours} hours, maximum ${rentalTerms.maximumDays} days, in ${rentalTerms.incrementHours}-hour increments.`,
          "Early returns are not refunded.",
          `Late returns: ${money(rentalTerms.lateFeePerHour)} per hour, ${plusSalesTax}.`,
        ],
      },
      {
        heading: "Insurance and damage",
        list: [
          `Liability cover: ${money(rentalTerms.liabilityPerPerson)} per person, ${money(rentalTerms.liabilityPerAccident)} per accident, ${money(rentalTerms.liabilityPropertyDamage)} property damage.`,
          `Minor damage is repaired at cost plus a ${money(rentalTerms.minorDamageAdminFee)} administration fee.`,
        ],
      },
      {
        heading: "Fees",
        list: [
          `Cleaning: ${money(rentalTerms.fees.cleaningMin)}-${money(rentalTerms.fees.cleaningMax)}.`,
          `Returned uncharged: ${money(rentalTerms.fees.uncharged)}.`,
          `Smoke odor: ${money(rentalTerms.fees.smokeOdor)}.`,
          `Pet hair: ${money(rentalTerms.fees.petHair)}.`,
          `Missing accessory: its cost plus ${money(rentalTerms.fees.missingAccessorySurcharge)}.`,
          rentalFeesTaxNote,
          ...decidedChargeTaxNotes(),
        ],
      },
      { heading: "Deposit paid when booking online", list: [...rentalDepositTerms] },
      {
        heading: "Cancellation",
        list: [
          `Free up to ${rentalTerms.cancellation.freeUntilHoursBefore} hours before the start.`,
          `${rentalTerms.cancellation.lateRefundPercent}% refund within ${rentalTerms.cancellation.freeUntilHoursBefore} hours of the start.`,
          "No refund for a no-show.",
        ],
      },
    ],
    questions: [
      {
        question: "How old do I need to be to rent a golf cart?",
        answer: `${rentalTerms.minimumAge} or older, with ${rentalTerms.renterShows}.`,
      },
      {
        question: "How much is the rental deposit?",
        answer: rentalPlans.map((plan) => `${plan.title}: ${money(plan.deposit)}`).join("; ") + ".",
      },
      {
        question: "May I drive a rental cart on public roads?",
        answer:
          "Only where Pennsylvania law lets that cart go: a golf cart is generally kept off highways, and a low-speed vehicle certified by its maker needs at least a title and registration to use them; the guide below says what else it needs.",
        more: {
          path: roadUsePath,
          label: "Where a golf cart or LSV may drive in Pennsylvania, with the law behind each rule",
        },
      },
      {
        question: "Can I cancel a rental?",
        answer: `Free up to ${rentalTerms.cancellation.freeUntilHoursBefore} hours before the start; ${rentalTerms.cancellation.lateRefundPercent}% refund after that; no refund for a no-show.`,
      },
    ],
  }),
  policy("ethics-policy", {
    description: "How we sell, price, service and advertise honestly.",
    keywords: ["dealer ethics", "honest pricing", "golf cart dealer"],
    intro:
      "We are a small local business, and our neighbours are our customers. These commitments guide every sale and repair.",
    sections: [
      {
        heading: "Honest pricing",
        paragraphs: [
          "The price on the cart is the price of the cart. Fees for delivery, registration or accessories are written on the quote before you sign.",
        ],
      },
      {
        heading: "No pressure",
        paragraphs: [
          site.optionalClaims.quoteValidDays
            ? `We never rush a decision. A written quote is good for ${site.optionalClaims.quoteValidDays} days, and you may take it to anyone you like.`
            : "We never rush a decision. A written quote is yours to take to anyone you like.",
        ],
      },
      {
        heading: "Straight answers in the shop",
        paragraphs: ["We show you worn parts before replacing them and call before any work beyond the estimate."],
      },
      {
        heading: "Gifts and conflicts",
        paragraphs: [
          "Staff do not accept gifts from suppliers or lenders that could sway a recommendation, and tell a manager about any personal interest in a sale.",
        ],
      },
      {
        heading: "Reporting a concern",
        paragraphs: [
          `Tell the owner directly at ${site.emails.info}. Reports are kept confidential and no one is penalised for raising one in good faith.`,
        ],
      },
    ],
  }),
  policy("storage-policy", {
    description: "Indoor and outdoor golf cart storage prices, seasonal packages, add-ons and payment terms.",
    keywords: ["golf cart storage", "winter storage", "cart storage prices"],
    intro: `Store your cart with us between seasons.`,
    sections: [
      {
        heading: "Prices",
        table: {
          caption: "Storage prices",
          head: ["Option", "Indoor", "Covered outdoor"],
          rows: [
            ["Monthly", money(storage.indoorMonthly), money(storage.outdoorMonthly)],
            [`Winter package (${storage.winter.season})`, money(storage.winter.indoor), money(storage.winter.outdoor)],
            [`Summer package (${storage.summer.season})`, money(storage.summer.indoor), money(storage.summer.outdoor)],
          ],
        },
      },
      {
        heading: "Add-ons",
        list: [
          `Battery and tyre maintenance while stored: ${money(storage.maintenanceMonthly)} per month.`,
          `Pre-season preparation: ${money(storage.preSeasonPrep)}.`,
          storageTaxNote,
        ],
      },
      { heading: "Where your cart is kept", paragraphs: [storageAccessNote] },
      {
        heading: "Payment",
        list: [...storagePaymentTerms],
      },
    ],
  }),
  policy("publishing-policy", {
    description: "How we write, check and update the information on this website.",
    keywords: ["publishing policy", "content standards"],
    intro: "What you read here should be accurate and useful. This is how we keep it that way.",
    sections: [
      {
        heading: "Who writes it",
        paragraphs: [
          "Pages are written by our sales and service staff, who work with these vehicles every day, and reviewed by the owner before they go live.",
        ],
      },
      {
        heading: "Prices and specifications",
        paragraphs: [
          "Vehicle prices and specifications come from our live inventory and the manufacturers' published data. When they change, the site changes the same day.",
        ],
      },
      {
        heading: "Advertising",
        paragraphs: ["We do not accept paid placements. Brands appear because we sell or service them."],
      },
      {
        heading: "Updates",
        paragraphs: ["Each policy shows its effective date. Material changes are noted on the page."],
      },
    ],
  }),
  policy("feedback-policy", {
    description: "How to send us feedback and how quickly we respond.",
    keywords: ["customer feedback", "complaints", "response time"],
    intro: "Tell us what we did well and what we can do better; every message is read by a person.",
    sections: [
      {
        heading: "How fast we answer",
        table: {
          caption: "Response times",
          head: ["Kind of feedback", "We respond within"],
          rows: [
            ["Urgent (safety, a vehicle that won't run)", `${responseTimes.feedback.urgent} hours`],
            ["General", `${responseTimes.feedback.general} hours`],
            ["Complex (needs an inspection or a manufacturer)", `${responseTimes.feedback.complex} hours`],
          ],
        },
      },
      {
        heading: "What happens next",
        paragraphs: [
          "We confirm we received it, look into it, and tell you what we will do. If you are not satisfied, ask for the owner.",
        ],
      },
    ],
  }),
  policy("corrections-policy", {
    description: "How to report an error on our website and how quickly we correct it.",
    keywords: ["corrections", "report an error"],
    intro: "If something on this site is wrong, we want to fix it.",
    sections: [
      {
        heading: "How fast we correct",
        table: {
          caption: "Correction times",
          head: ["Kind of error", "Corrected within"],
          rows: [
            ["Critical (safety, a wrong price)", `${responseTimes.corrections.critical} hours`],
            ["Important (a wrong specification)", `${responseTimes.corrections.important} hours`],
            ["Minor (typos, broken links)", `${responseTimes.corrections.minor} hours`],
            ["Complex (needs manufacturer confirmation)", `${responseTimes.corrections.complex} hours`],
          ],
        },
      },
      {
        heading: "Honouring prices",
        paragraphs: [
          "If we published a wrong price and you relied on it, we will talk it through with you in good faith.",
        ],
      },
    ],
  }),
  policy("diversity-policy", {
    description: "Our commitment to fair hiring and to serving every customer with respect.",
    keywords: ["diversity", "equal opportunity", "accessibility"],
    intro: "Everyone is welcome at our showroom, on our team and behind the wheel.",
    sections: [
      {
        heading: "Hiring",
        paragraphs: [
          "We hire and promote on skill and character, without regard to race, colour, religion, sex, sexual orientation, gender identity, national origin, age, disability or veteran status.",
        ],
      },
      {
        heading: "Serving customers",
        paragraphs: [
          "We explain options in plain language, offer accessible carts and hand controls on request, and bring a cart to you for a test drive if visiting the showroom is hard.",
        ],
      },
      {
        heading: "Accessibility of this website",
        paragraphs: [
          `${site.optionalClaims.accessibilityConformance ? `This site is built to ${site.optionalClaims.accessibilityConformance}.` : "We work to keep this site usable with a keyboard, a screen reader and a phone."} If anything is hard to use, tell us and we will help by phone and fix it.`,
        ],
      },
    ],
  }),
  policy("staffing-report", {
    description: `Our ${staffingReport.year} staffing report: team size, seasonal hiring and retention.`,
    keywords: ["staffing report", "employees", "local jobs"],
    intro: `A look at the people behind the business in ${staffingReport.year}.`,
    sections: [
      {
        heading: `Team in ${staffingReport.year}`,
        table: {
          caption: `Staffing, ${staffingReport.year}`,
          head: ["Measure", "Count"],
          rows: [
            ["Full-time staff", String(staffingReport.fullTime)],
            ["Part-time staff", String(staffingReport.partTime)],
            ["Seasonal staff", String(staffingReport.seasonal)],
            ["Team at peak season", String(staffingReport.peak)],
            ["Retention", `${staffingReport.retentionPercent}%`],
          ],
        },
      },
      {
        heading: "Training",
        paragraphs: [
          "Technicians complete manufacturer training for every brand we sell, and every new hire shadows a senior colleague for their first month.",
        ],
      },
    ],
  }),
];

export function findPolicy(slug: string | undefined): PolicyDocument | undefined {
  return policyDocuments.find((document) => document.slug === slug);
}
