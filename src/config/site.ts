/**
 * Every business fact the site shows, in one place. The defaults are fictional (555-01xx numbers,
 * example.com addresses) until the dealer's real contacts are filled in; no page writes a phone
 * number, address or hour of its own.
 */

export type Weekday = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";

export interface OpeningHours {
  /** Days sharing the same times, in week order. */
  days: readonly Weekday[];
  /** 24-hour "HH:MM", or null when closed. */
  opens: string | null;
  closes: string | null;
  /** What a closed day offers instead, e.g. "Emergency only"; "Closed" when absent. */
  closedNote?: string;
}

/** A department's own hours, labelled wherever they are shown. */
export interface Department {
  name: string;
  hours: readonly OpeningHours[];
}

/** What each kind of message should be sent to. */
export type EmailPurpose = "sales" | "service" | "info";

/** A review the dealer can show: a real customer's words, from a source that can be checked. */
export interface Review {
  author: string;
  /** ISO date, "2026-05-14". */
  datePublished: string;
  /** 1 to 5. */
  rating: number;
  text: string;
  /** Where the review was published, e.g. a review site's address. */
  source: string;
}

/** A place carts are delivered from, with its own free-delivery radius for sales. */
export interface DeliveryOrigin {
  id: string;
  /** As a sentence names it: "our Montrose showroom". */
  name: string;
  coordinates: { lat: number; lng: number };
  freeRadiusMiles: number;
}

export interface PostalAddress {
  street: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

export interface Location {
  id: string;
  name: string;
  kind: "physical" | "online";
  address: PostalAddress | null;
  coordinates: { lat: number; lng: number } | null;
  phone: PhoneNumber;
  website: string;
  mapsUrl: string | null;
  reviewUrl: string | null;
  social: { facebook?: string; instagram?: string; youtube?: string };
}

export interface PhoneNumber {
  /** How people read it. */
  display: string;
  /** E.164, for tel: links and structured data. */
  e164: string;
}

export interface PartnerShowroom {
  name: string;
  address: PostalAddress;
  coordinates: { lat: number; lng: number };
}

const tollFree: PhoneNumber = { display: "(800) 555-0142", e164: "+18005550142" };

const showroomLocation: Location = {
  id: "showroom",
  name: "Endless Mountains Golf Carts Showroom",
  kind: "physical",
  address: { street: "1200 Grow Avenue", city: "Montrose", region: "PA", postalCode: "18801", country: "US" },
  // Five decimals (about a metre), the precision Google asks of a business's geo coordinates.
  coordinates: { lat: 41.83342, lng: -75.87738 },
  phone: tollFree,
  website: "https://www.example.com",
  mapsUrl: "https://maps.example.com/?q=1200+Grow+Avenue+Montrose+PA+18801",
  reviewUrl: "https://reviews.example.com/endless-mountains-golf-carts",
  social: {
    facebook: "https://facebook.example.com/emgolfcarts",
    instagram: "https://instagram.example.com/emgolfcarts",
  },
};

const onlineStoreLocation: Location = {
  id: "online",
  name: "Endless Mountains Golf Carts Online Store",
  kind: "online",
  address: null,
  coordinates: null,
  phone: tollFree,
  website: "https://shop.example.com",
  mapsUrl: null,
  reviewUrl: "https://reviews.example.com/endless-mountains-golf-carts-online",
  social: { youtube: "https://youtube.example.com/@emgolfcarts" },
};

const forestCityPartner: PartnerShowroom = {
  name: "Forest City partner showroom",
  address: { street: "45 Main Street", city: "Forest City", region: "PA", postalCode: "18421", country: "US" },
  coordinates: { lat: 41.6509, lng: -75.4666 },
};

const hallsteadPartner: PartnerShowroom = {
  name: "Hallstead partner showroom",
  address: { street: "210 Church Street", city: "Hallstead", region: "PA", postalCode: "18822", country: "US" },
  coordinates: { lat: 41.9623, lng: -75.7432 },
};

export const showroomOrigin: DeliveryOrigin = {
  id: "showroom",
  name: `our ${showroomLocation.address!.city} showroom`,
  coordinates: showroomLocation.coordinates!,
  freeRadiusMiles: 20,
};

const forestCityOrigin: DeliveryOrigin = {
  id: "forest-city-partner",
  name: `our ${forestCityPartner.name}`,
  coordinates: forestCityPartner.coordinates,
  freeRadiusMiles: 15,
};

export const site = {
  name: "Endless Mountains Golf Carts",
  shortName: "EM Golf Carts",
  tagline: "Electric golf carts and utility vehicles for northeastern Pennsylvania",
  county: "Susquehanna County",
  state: "Pennsylvania",
  stateCode: "PA",
  phone: tollFree,
  /** One address per purpose: sales and rentals (the site's main contact), service, and policy questions. */
  emails: { sales: "sales@example.com", service: "service@example.com", info: "info@example.com" } satisfies Record<
    EmailPurpose,
    string
  >,
  website: "https://www.example.com",
  /** The external lender application the Financing links open in a new tab. */
  financingApplicationUrl: "https://financing.example.com/apply",
  foundedYear: 2010,
  /** The showroom (sales and rentals), as the footer and contact page state them. */
  showroomHours: {
    name: "Showroom",
    hours: [
      { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "17:00" },
      { days: ["Saturday"], opens: "09:00", closes: "17:00" },
      { days: ["Sunday"], opens: null, closes: null },
    ],
  } satisfies Department,
  /** The service department, as the services page states them. */
  serviceHours: {
    name: "Service department",
    hours: [
      { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "17:00" },
      { days: ["Saturday"], opens: "09:00", closes: "15:00" },
      { days: ["Sunday"], opens: null, closes: null, closedNote: "Emergency only" },
    ],
  } satisfies Department,
  /** Typical and longest time staff take to answer a message, in hours. */
  responseTimeHours: { typicalMin: 2, typicalMax: 6, longest: 24 },
  locations: [showroomLocation, onlineStoreLocation],
  partnerShowrooms: [forestCityPartner, hallsteadPartner],
  /**
   * Carts leave for sales deliveries from these places; each has its own free radius (the delivery
   * policy's 20 and 15 miles). The fictional Forest City partner showroom stands for the second
   * location until the dealer names it.
   */
  deliveryOrigins: [showroomOrigin, forestCityOrigin],
  /** Where the rental fleet leaves from and returns to. */
  rentalFleetOrigin: showroomOrigin,
  /** The dealer's clock: "today", the same-day cut-off and opening hours are read in this zone. */
  timeZone: "America/New_York",
  /**
   * Carts in the rental fleet per class. Fictional defaults: they seed the database's fleet table
   * once, on setup; after that staff change it with `npm run bookings -- capacity six-seater N`.
   */
  rentalFleet: { "four-seater": 6, "six-seater": 4, utility: 2 },
  /** Online rental bookings: how far ahead a start may be, and how long a hold waits for staff. */
  rentalBooking: { horizonMonths: 12, holdHours: 48 },
  /**
   * Online service bookings: drop-off slots per day (a fictional default that seeds the database
   * once, on setup; after that staff set it with `npm run bookings -- capacity service N`), how far
   * ahead a drop-off may be, and how long a request waits for staff. There is no drop-off on a day
   * the service department is closed (`serviceHours`: Sunday, emergencies only by phone).
   */
  serviceBooking: { dropOffsPerDay: 4, horizonDays: 90, holdHours: 48 },
  /**
   * Storage spaces of each kind (fictional defaults, seeded once like the rental fleet; staff set
   * them with `npm run bookings -- capacity storage-indoor N`), how far ahead a stay may start, and
   * how long a request waits for staff.
   */
  storageBooking: { spaces: { indoor: 30, outdoor: 20 }, horizonMonths: 12, holdHours: 48 },
  /**
   * The staff day view (`/staff`): how many days it lists, today first. A week ahead plus today, so
   * that the same weekday next week is on the phone before staff plan this one.
   */
  staffWeekDays: 8,
  /** The spec's marketing figures: one customer count for every page. */
  claims: { yearsInBusiness: 15, customersServed: 500 },
  /**
   * Real customer reviews the dealer may publish; ratings appear in structured data only when
   * there are some. None by default: a rating without reviews is what the FTC's 2024 rule forbids.
   */
  reviews: [] as readonly Review[],
  /**
   * Promises only the dealer can make. Off until the dealer turns them on; pages say nothing of
   * them while they are off.
   */
  optionalClaims: {
    /** Shows "AUTHORIZED DENAGO DEALER" on the DENAGO page. */
    authorizedDenagoDealer: false,
    /** Test drives on the lot without an appointment. */
    walkInTestDrives: false,
    /** How many days a written quote holds, or null to say nothing. */
    quoteValidDays: null as number | null,
    /** Financing decisions the same day. */
    sameDayFinancingDecisions: false,
    /**
     * The lenders' rates and term lengths (`lenderRates` in loan-terms.ts: "APR from as low as 0%",
     * the estimate's starting 7.99%, 12 to 84 months), once a lender has confirmed them in writing.
     * Off, the site names no rate or term of its own: only what a visitor types into the estimate.
     */
    lenderConfirmedRates: false,
    /** Loaner carts during warranty repairs. */
    loanerCarts: false,
    /** A line renters can call at any hour of a rental (the spec's "24/7 support"). */
    roundTheClockRentalSupport: false,
    /** A conformance claim for the website, e.g. "WCAG 2.1 AA", once the dealer has had it audited. */
    accessibilityConformance: null as string | null,
  },
} as const;

export type Site = typeof site;

/**
 * What a buyer pays beyond the cart's price, for the out-the-door price every vehicle page, the price
 * API, the payment estimate and a reservation show (src/features/catalogue/out-the-door.ts). Beside
 * `site` rather than in it: the pages that load scripts show none of it, and carry none of it.
 */
export const purchaseTerms = {
  /**
   * Pennsylvania sales tax, 6% of the purchase price (72 P.S. § 7202(a)), which includes delivery
   * charged as part of the sale (72 P.S. § 7201(g)). Susquehanna County levies no local sales tax
   * (only Allegheny County and Philadelphia do).
   */
  salesTaxPercent: 6,
  /**
   * The dealer's documentary fee in whole dollars, or null for none (the default: the site shows no
   * fee the dealer has not set). Pennsylvania caps it and adjusts the cap each January by the CPI
   * (Board of Vehicles Act, 63 P.S. § 818.327(c); the State Board of Vehicle Manufacturers, Dealers
   * and Salespersons publishes the year's cap in the Pennsylvania Bulletin). Per the Board it is
   * not taxable, so the price adds no tax on it.
   */
  documentaryFee: null as number | null,
  /**
   * PennDOT's fees on a low-speed vehicle: its title (75 Pa.C.S. § 1952(a)), its registration as a
   * passenger vehicle (§ 1912) and, when it is financed, recording the lender's lien on the title
   * (§ 1953). No total adds them (issue 55): § 1904(c) adjusts them every two years, the latest
   * schedule we could source is PennDOT's of July 1, 2023 (title $67, registration $45, lien $33, as
   * the Pennsylvania Association of Notaries published it), and unofficial guides already report a
   * higher registration fee from 2025; a figure we know to be out of date would make the total
   * wrong. So they are added at sale, at the schedule then in force (Form MV-70S), and every price
   * says so (docs/decisions.md). A golf cart needs no title (§ 1102(2)) and is not registered for
   * the road (§ 77A01), so it pays none.
   */
  pennDotFees: {
    lsvAddedAtSale:
      "PennDOT's fees to title and register a low-speed vehicle (75 Pa.C.S. §§ 1952(a), 1912), and to record a lender's lien on its title when it is financed (§ 1953), are not in this total: they are added at sale at PennDOT's schedule of fees then in force (Form MV-70S), which PennDOT adjusts every two years (§ 1904(c)).",
    golfCartNone:
      "A golf cart needs no Pennsylvania title (75 Pa.C.S. § 1102(2)) and is not registered for the road (§ 77A01), so there are no PennDOT fees.",
    /** The comparison's shorter word for the same rule. */
    comparison: "PennDOT's title and registration fees on a low-speed vehicle are added at sale.",
  },
  /** How long a buyer's reservation holds the cart while staff call to arrange the deposit. */
  reservationHoldHours: 48,
} as const;

export const showroom = showroomLocation;

export function telHref(phone: PhoneNumber = site.phone): string {
  return `tel:${phone.e164}`;
}

export function mailtoHref(purpose: EmailPurpose = "sales"): string {
  return `mailto:${site.emails[purpose]}`;
}

export function formatAddress(address: PostalAddress): string {
  return `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
}

const dayAbbreviation: Record<Weekday, string> = {
  Monday: "Mon",
  Tuesday: "Tue",
  Wednesday: "Wed",
  Thursday: "Thu",
  Friday: "Fri",
  Saturday: "Sat",
  Sunday: "Sun",
};

function formatClock(time: string): string {
  const [hourText, minute] = time.split(":");
  const hour = Number(hourText);
  const suffix = hour >= 12 ? "PM" : "AM";
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return minute === "00" ? `${hour12}${suffix}` : `${hour12}:${minute}${suffix}`;
}

/** "Mon-Sat" for a run of days, "Sun" for one. */
export function formatDays(days: readonly Weekday[]): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return "";
  return first === last ? dayAbbreviation[first] : `${dayAbbreviation[first]}-${dayAbbreviation[last]}`;
}

/** Human lines such as "Mon-Sat: 9AM-5PM", "Sun: Closed". */
export function formatHours(hours: readonly OpeningHours[]): { days: string; times: string }[] {
  return hours.map((entry) => ({
    days: formatDays(entry.days),
    times:
      entry.opens && entry.closes
        ? `${formatClock(entry.opens)}-${formatClock(entry.closes)}`
        : (entry.closedNote ?? "Closed"),
  }));
}

/** "Mon-Fri 9AM-5PM, Sat 9AM-5PM, Sun Closed": a department's hours in one line of text. */
export function hoursSentence(department: Department): string {
  return formatHours(department.hours)
    .map((line) => `${line.days} ${line.times}`)
    .join(", ");
}
