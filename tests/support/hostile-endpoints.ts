import fc from "fast-check";
import { rentalPlans } from "../../src/config/rental-plans";
import { requestLimits } from "../../src/config/request-limits";
import { site } from "../../src/config/site";
import { towns } from "../../src/config/towns";
import { addDays, localMoment } from "../../src/lib/calendar-days";
import type { Endpoint, FieldRule } from "./hostile-bodies";

/**
 * Every POST endpoint a visitor can reach, described for the hostile-body generator: a body it
 * takes, the fields it checks with values it must refuse, its size limit, JSON or form. Bookings are
 * described for the day (or the cart) a test chose, so the valid body is one the endpoint would
 * really take, and a refused one is refused for its one wrong field and nothing else.
 *
 * The bad values are written from the rules the customer reads (a 4 seater, 6 seater or utility
 * cart; 1 to 30 days; no drop-off on Sundays), not read from the schemas, so a schema that grew lax
 * would be caught.
 */

const today = localMoment(new Date(), site.timeZone).day;
const required = (bad?: fc.Arbitrary<unknown>): FieldRule => ({ required: true, bad });
const optional = (bad?: fc.Arbitrary<unknown>): FieldRule => ({ required: false, bad });

/** Text that is none of `allowed`: near misses first, then anything. */
function noneOf(allowed: readonly string[], nearMisses: readonly string[]) {
  return fc.oneof(
    fc.constantFrom(...nearMisses),
    fc.string({ maxLength: 12 }).filter((value) => !allowed.includes(value)),
  );
}

// ---- The person: the contact form's rules, shared by every booking ----

const person = {
  firstName: fc.oneof(
    fc.constantFrom("", "   ", "Ada\r\nBcc: x@example.com"),
    fc.integer({ min: 81, max: 400 }).map((length) => "f".repeat(length)),
  ),
  lastName: fc.oneof(fc.constantFrom("", "\t", "Smith\nBcc: x@example.com"), fc.constant("z".repeat(81))),
  email: fc.oneof(
    fc.constantFrom("", "not-an-address", "a@b", "<a@example.org>", "a@example.org\nBcc: b@example.org"),
    fc.string({ maxLength: 40 }).map((s) => s.replaceAll("@", "")),
  ),
  phone: fc.oneof(fc.constantFrom("", "12345", "570\n5550199"), fc.constant("5".repeat(33))),
};

const personRules = {
  firstName: required(person.firstName),
  lastName: required(person.lastName),
  email: required(person.email),
  phone: required(person.phone),
};

/**
 * A person marked with the run's marker in their address (a name holds letters only, so the marker's
 * digits stay out of it). Each booking endpoint has its own e-mail address and phone number, so the
 * one booking it takes counts against no other test's (or endpoint's) limit per address.
 */
function personOf(marker: string, kind: string, phone: string) {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `h-${marker}-${kind}@example.org`,
    phone,
  };
}

const message = fc.oneof(fc.constantFrom("", "short", "         x"), fc.constant("m".repeat(5001)));

// ---- Contact and consent ----

export function validMessage(marker: string): Record<string, string> {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `h-${marker}@example.org`,
    phone: "570-555-0199",
    interest: "service",
    message: `Hostile suite ${marker}: my cart needs a new battery.`,
  };
}

const contactRules = {
  ...personRules,
  message: required(message),
  interest: optional(noneOf(["sales", "service", "parts", "general", ""], ["Sales", "pizza", " service"])),
};

export const contactApi: Endpoint = {
  path: "/api/contact",
  body: "json",
  limit: requestLimits.contactJson,
  valid: validMessage,
  fields: contactRules,
};

export const contactForm: Endpoint = {
  path: "/contact",
  body: "form",
  limit: requestLimits.contactForm,
  valid: validMessage,
  fields: contactRules,
};

/** The embed-consent form: one field, `choice`, and nothing a person typed to mark. */
export const consentForm: Endpoint = {
  path: "/consent",
  body: "form",
  limit: requestLimits.consentForm,
  valid: () => ({ choice: "granted" }),
  fields: {
    choice: required(
      fc.string({ unit: "binary", maxLength: 20 }).filter((value) => value !== "granted" && value !== "denied"),
    ),
  },
};

// ---- Shared by the bookings ----

const townSlugs: readonly string[] = towns.map((town) => town.slug);

/** Days no booking may start on: gone, not a day, or written another way. */
const notADay = ["", "tomorrow", "01/02/2027", "2027-1-5", "2027-13-01", "2027-02-30", addDays(today, -1)];

const deliveryObject = fc.oneof(
  fc.constantFrom(
    { type: "delivery", town: "atlantis" },
    { type: "ship" },
    {},
    { type: "delivery" },
    { type: "Pickup" },
  ),
  fc
    .string({ maxLength: 12 })
    .filter((town) => !townSlugs.includes(town))
    .map((town) => ({ type: "delivery", town })),
);
/** The form's one select: "pickup" or a town's slug. Empty is no choice at all. */
const deliveryText = noneOf(["pickup", ...townSlugs], ["", "Pickup", "delivery", "atlantis", " pickup"]);

const wholeOutside = (min: number, max: number) =>
  fc.oneof(fc.integer({ max: min - 1 }), fc.integer({ min: max + 1 }), fc.constantFrom(min + 0.5, max - 0.5, -0.5));
/** What a form sends for a number out of range or not a whole number; never one the page would take. */
const numberTextOutside = (min: number, max: number) =>
  fc.oneof(
    fc.constantFrom(String(min - 1), String(max + 1), "-1", "1.5", "three", "1e1", "0x1f"),
    fc.integer({ min: max + 1, max: 100_000 }).map(String),
  );

// ---- Rentals: POST /api/rentals/holds and /quote, and the /rentals/book form ----

const planIds: readonly string[] = rentalPlans.map((plan) => plan.id);
const rentalDays = { min: 1, max: 30 };
const rentalStart = fc.constantFrom(...notADay, addDays(today, 400));

/** The rental the tests hold: a 6 seater for one day, which no other test books far ahead. */
const rentalPlan = "six-seater";

function rentalQuoteRules(form: boolean): Record<string, FieldRule> {
  return {
    plan: required(noneOf(planIds, ["", "FOUR-SEATER", "five-seater", " six-seater", "six-seater "])),
    start: required(rentalStart),
    days: required(
      form ? numberTextOutside(rentalDays.min, rentalDays.max) : wholeOutside(rentalDays.min, rentalDays.max),
    ),
    delivery: required(form ? deliveryText : deliveryObject),
    drivers: optional(form ? numberTextOutside(0, 2) : wholeOutside(0, 2)),
  };
}

export function rentalQuoteApi(start: string): Endpoint {
  return {
    path: "/api/rentals/quote",
    body: "json",
    limit: requestLimits.rentalJson,
    valid: () => ({ plan: rentalPlan, start, days: 1, delivery: { type: "pickup" }, drivers: 0 }),
    fields: rentalQuoteRules(false),
  };
}

export function rentalHoldsApi(start: string): Endpoint {
  return {
    path: "/api/rentals/holds",
    body: "json",
    limit: requestLimits.rentalJson,
    valid: (marker) => ({
      plan: rentalPlan,
      start,
      days: 1,
      delivery: { type: "pickup" },
      drivers: 0,
      ...personOf(marker, "rental", "570-555-0161"),
      ageConfirmed: true,
    }),
    fields: { ...rentalQuoteRules(false), ...personRules, ageConfirmed: required(fc.constant(false)) },
  };
}

export function rentalForm(start: string): Endpoint {
  return {
    path: "/rentals/book",
    body: "form",
    limit: requestLimits.rentalForm,
    valid: (marker) => ({
      plan: rentalPlan,
      start,
      days: "1",
      delivery: "pickup",
      drivers: "0",
      ...personOf(marker, "rental-form", "570-555-0162"),
      ageConfirmed: "yes",
    }),
    // A ticked box is ticked whatever its value: only leaving it out is refused.
    fields: { ...rentalQuoteRules(true), ...personRules, ageConfirmed: required() },
  };
}

// ---- Service: POST /api/service/requests and the /services/book form ----

/** A Sunday the horizon allows: the service department is closed. */
const sunday = (() => {
  let day = addDays(today, 2);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 0) day = addDays(day, 1);
  return day;
})();

function serviceRules(): Record<string, FieldRule> {
  return {
    // Today is too early (the desk calls first), five days past the horizon too late.
    date: required(fc.constantFrom(...notADay, today, sunday, addDays(today, site.serviceBooking.horizonDays + 5))),
    service: required(noneOf(["maintenance", "battery", "custom", "warranty"], ["", "repair", "Battery", "battery "])),
    vehicle: required(fc.constantFrom("", "   ", "EZ-GO\nTXT", "a\r\nb", "v".repeat(121))),
    message: required(message),
    ...personRules,
  };
}

function serviceBody(marker: string, date: string, kind: string, phone: string) {
  return {
    date,
    service: "battery",
    vehicle: `EZ-GO TXT 2016 ${marker}`,
    message: `Hostile suite ${marker}: the charger clicks on and off all night.`,
    ...personOf(marker, kind, phone),
  };
}

export function serviceRequestsApi(date: string): Endpoint {
  return {
    path: "/api/service/requests",
    body: "json",
    limit: requestLimits.serviceJson,
    valid: (marker) => serviceBody(marker, date, "service", "570-555-0163"),
    fields: serviceRules(),
  };
}

export function serviceForm(date: string): Endpoint {
  return {
    path: "/services/book",
    body: "form",
    limit: requestLimits.serviceForm,
    valid: (marker) => serviceBody(marker, date, "service-form", "570-555-0164"),
    fields: serviceRules(),
  };
}

// ---- Storage: POST /api/storage/holds and /quote, and the /storage/book form ----

function storageQuoteRules(form: boolean): Record<string, FieldRule> {
  return {
    space: required(noneOf(["indoor", "outdoor"], ["", "garage", "Indoor", " indoor"])),
    package: required(noneOf(["winter", "summer", "monthly"], ["", "spring", "Monthly", "yearly"])),
    start: required(fc.constantFrom(...notADay, addDays(today, 400))),
    // Monthly storage is 1 to 12 months; an empty box is no months at all.
    months: required(form ? fc.oneof(numberTextOutside(1, 12), fc.constant("")) : wholeOutside(1, 12)),
    // A form's boxes are ticked or not, both fine; JSON must say true or false.
    ...(form ? {} : { maintenance: optional(), prep: optional() }),
  };
}

const storageVehicle = fc.constantFrom("", " ", "x", "EZ-GO\nTXT", "v".repeat(121));

/**
 * The stay the tests book: a month indoors, monthly, which any start takes (a package must start in
 * its season). The storage spec's race fills covered outdoor spaces, so indoors it is.
 */
const storageStay = { space: "indoor", package: "monthly" } as const;

export function storageQuoteApi(start: string): Endpoint {
  return {
    path: "/api/storage/quote",
    body: "json",
    limit: requestLimits.storageJson,
    valid: () => ({ ...storageStay, start, months: 1, maintenance: false, prep: false }),
    fields: storageQuoteRules(false),
  };
}

export function storageHoldsApi(start: string): Endpoint {
  return {
    path: "/api/storage/holds",
    body: "json",
    limit: requestLimits.storageJson,
    valid: (marker) => ({
      ...storageStay,
      start,
      months: 1,
      maintenance: false,
      prep: false,
      vehicle: `EZ-GO TXT 2016 ${marker}`,
      ...personOf(marker, "storage", "570-555-0165"),
    }),
    fields: { ...storageQuoteRules(false), vehicle: required(storageVehicle), ...personRules },
  };
}

export function storageForm(start: string): Endpoint {
  return {
    path: "/storage/book",
    body: "form",
    limit: requestLimits.storageForm,
    valid: (marker) => ({
      ...storageStay,
      start,
      months: "1",
      vehicle: `EZ-GO TXT 2016 ${marker}`,
      ...personOf(marker, "storage-form", "570-555-0166"),
    }),
    fields: { ...storageQuoteRules(true), vehicle: required(storageVehicle), ...personRules },
  };
}

// ---- Cart reservations: POST /api/vehicles/{id}/reservations and the /vehicle/{id}/reserve form ----

export function reservationsApi(vehicleId: string): Endpoint {
  return {
    path: `/api/vehicles/${vehicleId}/reservations`,
    body: "json",
    limit: requestLimits.reservationJson,
    valid: (marker) => ({ ...personOf(marker, "reservation", "570-555-0167"), delivery: { type: "pickup" } }),
    fields: { ...personRules, delivery: required(deliveryObject) },
  };
}

export function reservationForm(vehicleId: string): Endpoint {
  return {
    path: `/vehicle/${vehicleId}/reserve`,
    body: "form",
    limit: requestLimits.reservationForm,
    valid: (marker) => ({ ...personOf(marker, "reservation-form", "570-555-0168"), delivery: "pickup" }),
    fields: { ...personRules, delivery: required(deliveryText) },
  };
}
