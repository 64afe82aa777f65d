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
}

const tollFree: PhoneNumber = { display: "(800) 555-0142", e164: "+18005550142" };

const showroomLocation: Location = {
  id: "showroom",
  name: "Endless Mountains Golf Carts Showroom",
  kind: "physical",
  address: { street: "1200 Grow Avenue", city: "Montrose", region: "PA", postalCode: "18801", country: "US" },
  coordinates: { lat: 41.8334, lng: -75.8774 },
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

export const site = {
  name: "Endless Mountains Golf Carts",
  shortName: "EM Golf Carts",
  tagline: "Electric golf carts and utility vehicles for northeastern Pennsylvania",
  county: "Susquehanna County",
  state: "Pennsylvania",
  stateCode: "PA",
  phone: tollFree,
  email: "sales@example.com",
  infoEmail: "info@example.com",
  website: "https://www.example.com",
  /** The external lender application the Financing links open in a new tab. */
  financingApplicationUrl: "https://financing.example.com/apply",
  foundedYear: 2010,
  hours: [
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "17:00" },
    { days: ["Saturday"], opens: "09:00", closes: "17:00" },
    { days: ["Sunday"], opens: null, closes: null },
  ] satisfies OpeningHours[],
  /** Typical and longest time staff take to answer a message, in hours. */
  responseTimeHours: { typicalMin: 2, typicalMax: 6, longest: 24 },
  locations: [showroomLocation, onlineStoreLocation],
  partnerShowrooms: [
    {
      name: "Forest City partner showroom",
      address: { street: "45 Main Street", city: "Forest City", region: "PA", postalCode: "18421", country: "US" },
    },
    {
      name: "Hallstead partner showroom",
      address: { street: "210 Church Street", city: "Hallstead", region: "PA", postalCode: "18822", country: "US" },
    },
  ] satisfies PartnerShowroom[],
  claims: { yearsInBusiness: 15, homeCustomers: 500, aboutCustomers: 1000, ratingValue: 4.8, reviewCount: 127 },
} as const;

export type Site = typeof site;

export const showroom = showroomLocation;

export function telHref(phone: PhoneNumber = site.phone): string {
  return `tel:${phone.e164}`;
}

export function mailtoHref(address: string = site.email): string {
  return `mailto:${address}`;
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
export function formatHours(hours: readonly OpeningHours[] = site.hours): { days: string; times: string }[] {
  return hours.map((entry) => ({
    days: formatDays(entry.days),
    times: entry.opens && entry.closes ? `${formatClock(entry.opens)}-${formatClock(entry.closes)}` : "Closed",
  }));
}
