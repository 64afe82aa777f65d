import { Hono } from "hono";
import { alertsApi } from "~/features/alerts/alerts-api.server";
import { vehiclesApi } from "~/features/catalogue/vehicles-api.server";
import { contactApi } from "~/features/contact/contact-api.server";
import { paymentsApi } from "~/features/payments/payments-api.server";
import { rentalsApi } from "~/features/rentals/rentals-api.server";
import { reservationsApi } from "~/features/reservations/reservations-api.server";
import { serviceApi } from "~/features/services/service-api.server";
import { storageApi } from "~/features/storage/storage-api.server";
import { testDrivesApi } from "~/features/test-drives/test-drive-api.server";
import type { ApiEnv } from "~/server/api-env";
import { errorKind } from "~/server/error-kind";

/**
 * Everything under /api. Each feature mounts its own router here; answers are JSON, errors carry
 * an `error` text and never a stack trace.
 */
export const api = new Hono<ApiEnv>();

api.get("/health", (c) => c.json({ ok: true }));
api.route("/alerts", alertsApi);
api.route("/vehicles/:id/reservations", reservationsApi);
api.route("/vehicles", vehiclesApi);
api.route("/contact", contactApi);
api.route("/payments", paymentsApi);
api.route("/rentals", rentalsApi);
api.route("/service", serviceApi);
api.route("/storage", storageApi);
api.route("/test-drives", testDrivesApi);

// A route rather than notFound(): a mounted router's notFound handler is not used by its parent.
api.all("*", (c) => c.json({ error: "Not found" }, 404));

api.onError((error, c) => {
  // The kind only: a database error's text holds the values it was given, a visitor's among them.
  console.error("api error", c.req.method, new URL(c.req.url).pathname, errorKind(error));
  return c.json({ error: "Something went wrong on our side. Please try again." }, 500);
});
