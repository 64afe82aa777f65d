import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { alertTerms } from "~/config/alert-terms";
import {
  alertRetention,
  clientAddressRetention,
  contactMessageRetention,
  tradeInRetention,
} from "~/config/data-retention";

const clientDirectory = path.resolve(process.env.BUILD_DIR ?? "build", "client");

// The privacy page is pre-rendered at build time; the period it states is the one the cron job applies.
test("the pre-rendered privacy page states how long contact messages are kept, from the retention setting @desktop", () => {
  const html = readFileSync(path.join(clientDirectory, "privacy", "index.html"), "utf8");
  expect(html).toContain(`deleted automatically ${contactMessageRetention.months} months after they arrive`);
});

test("the pre-rendered privacy page states what alerts keep and for how long, from the alert terms @desktop", () => {
  const html = readFileSync(path.join(clientDirectory, "privacy", "index.html"), "utf8");
  expect(html).toContain(alertRetention.privacyText);
  expect(alertRetention.privacyText).toContain(`${alertTerms.unconfirmedDays} days`);
  expect(alertRetention.privacyText).toContain(`${alertTerms.confirmedMonths} months`);
});

test("the pre-rendered privacy page says which network addresses the per-client limits keep, and how long @desktop", () => {
  const html = readFileSync(path.join(clientDirectory, "privacy", "index.html"), "utf8");
  expect(html).toContain(clientAddressRetention.privacyText.replaceAll("'", "&#x27;"));
  expect(clientAddressRetention.privacyText).toContain(`${alertTerms.unconfirmedDays} days`);
});

test("the pre-rendered privacy page states how long trade-ins and their photos are kept, from the retention setting @desktop", () => {
  const html = readFileSync(path.join(clientDirectory, "privacy", "index.html"), "utf8");
  expect(html).toContain(tradeInRetention.privacyText);
  expect(tradeInRetention.privacyText).toContain(`${tradeInRetention.months} months`);
});
