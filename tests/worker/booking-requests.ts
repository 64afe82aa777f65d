import { env } from "cloudflare:test";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { site } from "~/config/site";
import { seasonWindowFrom } from "~/features/storage/storage-quote";
import { addDays, addMonths, localMoment } from "~/lib/calendar-days";
import { api } from "../../worker/api";
import { freshClientIp } from "./contact-support";
import { runSql } from "./run-sql";

/**
 * Each kind of booking as a customer places it through the site's API (one client address each,
 * so no test meets another's per-client limit), and the store they are placed in, emptied and set
 * up the same way for every test that places them.
 */

export const apiOrigin = "https://dealer.test";
const today = localMoment(new Date(), site.timeZone).day;

/** The reservable cart: a pre-owned one the seed catalogue has, with one unit on the lot. */
export const reservableCart = "ezgo-rxv-2019";

export async function postToApi(path: string, body: unknown): Promise<Response> {
  return api.fetch(
    new Request(`${apiOrigin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: apiOrigin, "CF-Connecting-IP": freshClientIp() },
      body: JSON.stringify(body),
    }),
    env,
  );
}

/** The rental's first day: some weeks out, clear of any lead time. */
export const rentalStart = addDays(today, 40);

/** A non-Sunday drop-off day three weeks out. */
export const dropOffDay = (() => {
  let day = addDays(today, 21);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() === 0) day = addDays(day, 1);
  return day;
})();

/** The next winter storage season's first day. */
export const winterStart = (() => {
  const first = seasonWindowFrom("winter", today).first;
  return first < today ? addMonths(first, 12) : first;
})();

export interface Customer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** The four kinds' requests by `customer`; the service one carries `serviceMessage` as typed. */
export function bookingRequestsBy(customer: Customer, serviceMessage = "It stops after a mile.") {
  return {
    rental: () =>
      postToApi("/rentals/holds", {
        plan: "six-seater",
        start: rentalStart,
        days: 3,
        delivery: { type: "pickup" },
        drivers: 0,
        ageConfirmed: true,
        ...customer,
      }),
    service: () =>
      postToApi("/service/requests", {
        date: dropOffDay,
        service: "battery",
        vehicle: "Club Car Precedent 2017",
        message: serviceMessage,
        ...customer,
      }),
    storage: () =>
      postToApi("/storage/holds", {
        space: "indoor",
        package: "winter",
        start: winterStart,
        maintenance: true,
        prep: true,
        vehicle: "Club Car Onward 2021",
        ...customer,
      }),
    reservation: () =>
      postToApi(`/vehicles/${reservableCart}/reservations`, { ...customer, delivery: { type: "pickup" } }),
  };
}

/**
 * The kinds with a day, each asked for on `day` (a rental both picked up and delivered, storage by
 * the month so any day can start it): for tests about what happens on or before a booking's day.
 * `day` must be one each kind takes: not a Sunday (the service department's closed day).
 */
export function bookingRequestsOn(day: string, customer: Customer) {
  const rental = (delivery: { type: "pickup" } | { type: "delivery"; town: string }) =>
    postToApi("/rentals/holds", {
      plan: "six-seater",
      start: day,
      days: 3,
      delivery,
      drivers: 0,
      ageConfirmed: true,
      ...customer,
    });
  return {
    "rental pickup": () => rental({ type: "pickup" }),
    "rental delivery": () => rental({ type: "delivery", town: "hallstead" }),
    service: () =>
      postToApi("/service/requests", {
        date: day,
        service: "battery",
        vehicle: "Club Car Precedent 2017",
        message: "It stops after a mile.",
        ...customer,
      }),
    storage: () =>
      postToApi("/storage/holds", {
        space: "indoor",
        package: "monthly",
        months: 1,
        start: day,
        maintenance: false,
        prep: false,
        vehicle: "Club Car Onward 2021",
        ...customer,
      }),
  };
}

/** No bookings or messages; four places in each pool the requests use; the reservable cart on the lot. */
export async function resetBookingStore(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM bookings"),
    env.DB.prepare("DELETE FROM contact_messages"),
    env.DB.prepare("DELETE FROM booking_reminders"),
    ...[
      ["six-seater", "rental", 4],
      ["service", "service", 4],
      ["storage-indoor", "storage", 4],
    ].map(([pool, kind, capacity]) =>
      env.DB.prepare(
        "INSERT INTO booking_pools (pool, kind, capacity) VALUES (?, ?, ?) ON CONFLICT (pool) DO UPDATE SET capacity = excluded.capacity",
      ).bind(pool, kind, capacity),
    ),
  ]);
  await runSql(upsertVehiclesSql(seedCatalogue.filter((vehicle) => vehicle.id === reservableCart)));
  await env.DB.prepare("UPDATE vehicles SET units_in_stock = 1, in_stock = 1 WHERE id = ?").bind(reservableCart).run();
}
