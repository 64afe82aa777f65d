import { expect, test, type APIRequestContext } from "@playwright/test";
import { site } from "../../src/config/site";
import { addDays, localMoment } from "../../src/lib/calendar-days";
import { baseURL } from "../../playwright.config";
import { anotherPerson } from "../support/people";
import { freshClientAddress } from "../support/client-addresses";

/**
 * The last free cart, wanted by fifty renters at once, against the built Worker on local D1: the
 * database lets exactly one hold through. Each renter comes from an address of its own, so the
 * rate limit never answers in the database's place. Desktop only: it is about the server.
 */
const plan = "utility";
const days = 2;
const renters = 50;
const today = localMoment(new Date(), site.timeZone).day;

const freshAddress = freshClientAddress;

function hold(request: APIRequestContext, start: string) {
  return request.post("/api/rentals/holds", {
    headers: { Origin: baseURL, "CF-Connecting-IP": freshAddress() },
    data: {
      plan,
      start,
      days,
      delivery: { type: "pickup" },
      drivers: 0,
      ...anotherPerson("Race", "Tester"),
      ageConfirmed: true,
    },
  });
}

async function cartsLeft(request: APIRequestContext, start: string): Promise<number[]> {
  const response = await request.get(`/api/rentals/availability?plan=${plan}&from=${start}&days=${days}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const body = (await response.json()) as { days: { remaining: number }[] };
  return body.days.map((day) => day.remaining);
}

test("50 renters race for the last cart: one hold, 49 told the days are full, none rate-limited @desktop", async ({
  request,
}) => {
  // Two random days past the fixed days other tests book carts on (200 at most), with the same
  // number of carts free on both: taking all but one then leaves one on each. A window ending on
  // another test's one-day booking (day 46 or 61) once left [2, 1] and failed a CI run.
  let start = "";
  let free = 0;
  for (let tries = 0; tries < 20 && free === 0; tries += 1) {
    start = addDays(today, 210 + Math.floor(Math.random() * 120));
    const [first, second] = await cartsLeft(request, start);
    if (first !== undefined && first === second) free = first;
  }
  expect(free, "two days with the same number of carts free").toBeGreaterThan(0);
  for (let taken = 0; taken < free - 1; taken += 1) expect((await hold(request, start)).status()).toBe(201);
  expect(await cartsLeft(request, start)).toEqual([1, 1]);

  const answers = await Promise.all(Array.from({ length: renters }, () => hold(request, start)));
  const statuses = answers.map((answer) => answer.status());
  const count = (status: number) => statuses.filter((each) => each === status).length;
  console.log(
    `${renters} concurrent holds for the last ${plan} cart on ${start}: ${count(201)} x 201, ${count(409)} x 409, ${count(429)} x 429`,
  );
  expect({ created: count(201), full: count(409), limited: count(429) }).toEqual({ created: 1, full: 49, limited: 0 });

  const refused = (await answers.find((answer) => answer.status() === 409)!.json()) as { fullDays: string[] };
  expect(refused.fullDays).toEqual([start, addDays(start, 1)]);
  // The very next look at the calendar shows the days full: nothing served it from a cache.
  expect(await cartsLeft(request, start)).toEqual([0, 0]);
});
