import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import {
  bookingDecisions,
  bookingKindNames,
  bookingKinds,
  statusWordsOf,
  type BookingKind,
  type BookingStatus,
} from "~/config/booking-kinds";
import { poolDefaults } from "~/config/booking-pools";
import { site } from "~/config/site";
import type { BookingKindFlow } from "~/features/bookings/booking-flow.server";
import { callBackSentence } from "~/features/bookings/booking-status-view";
import { reservationFlow } from "~/features/reservations/reservation-intake.server";
import { rentalFlow } from "~/features/rentals/rental-intake.server";
import { serviceFlow } from "~/features/services/service-intake.server";
import { storageFlow } from "~/features/storage/storage-intake.server";
import { testDriveFlow } from "~/features/test-drives/test-drive-flow.server";
import { addDays, localMoment } from "~/lib/calendar-days";
import { bookingRequestsBy, postToApi, reservableCart, resetBookingStore } from "./booking-requests";
import { anotherCustomer } from "./people";
import { answerPage } from "./registry-pages";

/**
 * Every kind of booking in src/config/booking-kinds.ts, looped over: a kind is a definition on the
 * one flow, so what holds for one holds for all. Listing the flows by kind makes a new kind without
 * one (or a flow without its kind) fail to compile; each kind is then booked through its API and
 * its private page read as its customer reads it.
 */
const flows = {
  rental: rentalFlow,
  service: serviceFlow,
  storage: storageFlow,
  reservation: reservationFlow,
  "test-drive": testDriveFlow,
} satisfies Record<BookingKind, Pick<BookingKindFlow, "kind" | "statusPath" | "calendarFile">>;

const today = localMoment(new Date(), site.timeZone).day;
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
let driveDay = addDays(today, 5);
while (weekday(driveDay) === 0 || weekday(driveDay) === 6) driveDay = addDays(driveDay, 1);

/** Each kind's request as a visitor's script sends it, each by another person. */
function requestOf(kind: BookingKind): () => Promise<Response> {
  if (kind === "test-drive") {
    return () =>
      postToApi("/test-drives", {
        vehicleId: reservableCart,
        date: driveDay,
        time: "10:00",
        where: "showroom",
        ...anotherCustomer(),
      });
  }
  return bookingRequestsBy(anotherCustomer())[kind];
}

/** Where each kind's API takes a booking. */
const apiPath: Record<BookingKind, string> = {
  rental: "/rentals/holds",
  service: "/service/requests",
  storage: "/storage/holds",
  reservation: `/vehicles/${reservableCart}/reservations`,
  "test-drive": "/test-drives",
};

const page = (path: string) => answerPage(new Request(new URL(path, site.website)), env);

beforeEach(async () => {
  await resetBookingStore();
  for (const pool of poolDefaults.filter((candidate) => candidate.kind === "test-drive")) {
    await env.DB.prepare(
      "INSERT INTO booking_pools (pool, kind, capacity, closed_weekdays) VALUES (?, 'test-drive', ?, '0') ON CONFLICT (pool) DO UPDATE SET capacity = excluded.capacity",
    )
      .bind(pool.pool, pool.capacity)
      .run();
  }
});

describe("every kind of booking", () => {
  it("is a row of D1's booking_kinds, has its own flow, and says what each status it can reach means", async () => {
    const rows = await env.DB.prepare("SELECT kind FROM booking_kinds ORDER BY kind").all<{ kind: string }>();
    expect(rows.results.map((row) => row.kind)).toEqual([...bookingKindNames].sort());
    for (const kind of bookingKindNames) {
      expect(flows[kind].kind).toBe(kind);
      const reachable: BookingStatus[] = ["requested", "confirmed", "declined", "cancelled", "expired"];
      if ((bookingDecisions.sold.kinds as readonly string[]).includes(kind)) reachable.push("sold");
      for (const status of reachable) expect(statusWordsOf(kind, status), `${kind} ${status}`).not.toBe(status);
    }
  });

  it.each(bookingKindNames)(
    "%s: booked through the API, its private page names it, says it is requested, who will call and when",
    async (kind) => {
      const placed = await requestOf(kind)();
      expect(placed.status).toBe(201);
      const { reference, statusUrl } = (await placed.json()) as { reference: string; statusUrl: string };
      expect(reference.startsWith(`${bookingKinds[kind].prefix}-`)).toBe(true);

      const status = await page(statusUrl);
      expect(status.status).toBe(200);
      const html = (await status.text()).replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
      expect(html).toContain(`Your ${bookingKinds[kind].label.toLowerCase()} ${reference}`);
      expect(html).toContain(statusWordsOf(kind, "requested"));
      expect(html).toContain(callBackSentence(kind));

      if (flows[kind].calendarFile) {
        const calendar = await page(`${new URL(statusUrl).pathname}/calendar.ics`);
        expect(calendar.status).toBe(200);
        expect(calendar.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
        expect(await calendar.text()).toContain(reference);
      }
    },
  );

  it.each(bookingKindNames)("%s: an empty request is refused with a 400 naming its fields", async (kind) => {
    const refused = await postToApi(apiPath[kind], {});
    expect(refused.status).toBe(400);
    const { fields } = (await refused.json()) as { fields?: Record<string, string> };
    expect(Object.keys(fields ?? {})).toEqual(expect.arrayContaining(["firstName", "email", "phone"]));
  });

  it.each(bookingKindNames)("%s: a private link nobody holds is the not-found page, never an error", async (kind) => {
    const unknown = flows[kind].statusPath("no-such-token");
    expect((await page(unknown)).status).toBe(404);
    if (flows[kind].calendarFile) expect((await page(`${unknown}/calendar.ics`)).status).toBe(404);
  });
});
