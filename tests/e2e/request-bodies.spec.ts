import { requestLimits } from "../../src/config/request-limits";
import http from "node:http";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { site } from "../../src/config/site";
import { addDays, localMoment } from "../../src/lib/calendar-days";
import { baseURL } from "../../playwright.config";
import type { Endpoint } from "../support/hostile-bodies";
import {
  consentForm,
  contactApi,
  contactForm,
  rentalForm,
  rentalHoldsApi,
  rentalQuoteApi,
  reservationForm,
  reservationsApi,
  serviceForm,
  serviceRequestsApi,
  storageForm,
  storageHoldsApi,
  storageQuoteApi,
} from "../support/hostile-endpoints";

/**
 * Oversized bodies, ten in a row on one reused keep-alive connection, as a client library or a
 * proxy sends them: every answer is a 413 from the Worker (past the limit for any body) or from the
 * endpoint (past its own), never a 5xx or a broken connection.
 */

const today = localMoment(new Date(), site.timeZone).day;
/** Every body here is padding, refused before any field is read, so the day never matters. */
const day = addDays(today, 30);

/**
 * A cart in stock that no spec reserves: a cart another spec holds in full shows its reserve page
 * without the form, and so without the refusal a body too large is answered with.
 */
const cartNobodyReserves = "evolution-d5-maverick-6-plus";

async function cartInStock(request: APIRequestContext): Promise<string> {
  const response = await request.get(`/api/vehicles/${cartNobodyReserves}`);
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { inStock: boolean }).inStock).toBe(true);
  return cartNobodyReserves;
}

/** Every POST endpoint, a test per kind so the two workers share them. */
const kinds: Record<string, (request: APIRequestContext) => Promise<Endpoint[]>> = {
  "contact and consent": async () => [contactApi, contactForm, consentForm],
  rental: async () => [rentalHoldsApi(day), rentalQuoteApi(day), rentalForm(day)],
  service: async () => [serviceRequestsApi(day), serviceForm(day)],
  storage: async () => [storageHoldsApi(day), storageQuoteApi(day), storageForm(day)],
  "cart reservation": async (request) => {
    const id = await cartInStock(request);
    return [reservationsApi(id), reservationForm(id)];
  },
};
const { hostname, port, origin } = new URL(baseURL);

interface Answer {
  status: number;
  body: string;
  socket: unknown;
}

function post(agent: http.Agent, path: string, type: string, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        path,
        method: "POST",
        agent,
        headers: { "Content-Type": type, "Content-Length": body.length, Origin: origin },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text, socket: request.socket }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

for (const [kind, endpointsOf] of Object.entries(kinds)) {
  test(`oversized bodies to the ${kind} endpoints get a 413 every time, on one reused connection @desktop`, async ({
    request,
  }) => {
    test.setTimeout(180_000);
    const seen: string[] = [];
    for (const endpoint of await endpointsOf(request)) {
      const connections: number[] = [];
      const type = endpoint.body === "json" ? "application/json" : "application/x-www-form-urlencoded";
      // Just past the endpoint's own limit, then past any body's, by far.
      for (const size of [endpoint.limit + 1024, 1_000_000, 5_000_000]) {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const body = Buffer.alloc(size, "a");
        const sockets = new Set<unknown>();
        for (let attempt = 1; attempt <= 10; attempt++) {
          const answer = await post(agent, endpoint.path, type, body);
          const label = `${endpoint.path} ${size} bytes #${attempt}`;
          expect(answer.status, `${label}: ${answer.body.slice(0, 200)}`).toBe(413);
          expect(answer.body, label).not.toMatch(/node_modules|at \w+ \(|TypeError/);
          expect(answer.body, label).toMatch(/too large/);
          if (size > requestLimits.anyBody) expect(JSON.parse(answer.body).error, label).toMatch(/too large/);
          sockets.add(answer.socket);
        }
        agent.destroy();
        connections.push(sockets.size);
      }
      seen.push(`${endpoint.path}: 10 × 413 at each of 3 sizes, over ${connections.join("/")} connection(s)`);
    }
    console.log(seen.join("\n"));
  });
}
