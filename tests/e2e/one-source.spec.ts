import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { policiesEffective } from "~/config/business-terms";
import { policyLinks, policyPath } from "~/config/policy-list";
import { rentalPlans } from "~/config/rental-plans";
import { formatHours, site } from "~/config/site";
import { towns, townPath } from "~/config/towns";
import { rentalDeliveryTo, salesDeliveryTo } from "~/lib/delivery";
import { formatMiles, formatPrice } from "~/lib/format";

/**
 * Every figure a visitor reads has one source: the pages agree with the config and with each
 * other, and no business figure is typed into a page by hand.
 */

async function text(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (
    (await response.text())
      // React marks the seams between text nodes with <!-- -->: they are not spaces a visitor sees.
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
  );
}

async function jsonLd(request: APIRequestContext, path: string): Promise<Record<string, unknown>[]> {
  const html = await (await request.get(path)).text();
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

test("rental rates and deposits read the same on /rentals and in the rental policy @desktop", async ({ request }) => {
  const rentals = await text(request, "/rentals");
  const policy = await text(request, "/policies/rental-policy");
  for (const plan of rentalPlans) {
    for (const figure of [plan.deposit, ...plan.rates.map((rate) => rate.price)]) {
      expect(rentals, `${plan.title} ${figure} on /rentals`).toContain(formatPrice(figure));
      expect(policy, `${plan.title} ${figure} in the policy`).toContain(formatPrice(figure));
    }
  }
});

test("showroom and service hours come from the config in the footer, contact page, town pages and structured data @desktop", async ({
  request,
}) => {
  for (const path of ["/", "/contact", "/montrose-golf-carts"]) {
    const page = await text(request, path);
    for (const department of [site.showroomHours, site.serviceHours]) {
      expect(page, `${department.name} on ${path}`).toContain(department.name);
      for (const line of formatHours(department.hours)) expect(page, path).toContain(`${line.days} ${line.times}`);
    }
  }
  const dealer = (await jsonLd(request, "/")).find((data) => data["@type"] === "AutoDealer")!;
  const open = (entries: unknown) =>
    (entries as { opens: string; closes: string }[]).map((entry) => `${entry.opens}-${entry.closes}`);
  expect(open(dealer.openingHoursSpecification)).toEqual(
    site.showroomHours.hours.filter((entry) => entry.opens).map((entry) => `${entry.opens}-${entry.closes}`),
  );
  const [service] = dealer.department as { openingHoursSpecification: unknown }[];
  expect(open(service!.openingHoursSpecification)).toEqual(
    site.serviceHours.hours.filter((entry) => entry.opens).map((entry) => `${entry.opens}-${entry.closes}`),
  );
});

test("each town page charges what the delivery module computes, and the policy states each origin's radius @desktop", async ({
  request,
}) => {
  for (const town of towns) {
    const page = await text(request, townPath(town));
    const sales = salesDeliveryTo(town.coordinates);
    const rental = rentalDeliveryTo(town.coordinates);
    const salesText = sales.charge === 0 ? "Buying: free delivery" : `Buying: ${formatPrice(sales.charge)} delivery`;
    const rentalText =
      rental.charge === 0 ? "Renting: free delivery" : `Renting: ${formatPrice(rental.charge)} delivery`;
    expect(page, town.name).toContain(salesText);
    expect(page, town.name).toContain(`from ${sales.origin.name} (${formatMiles(sales.miles)})`);
    expect(page, town.name).toContain(rentalText);
    expect(page, town.name).not.toMatch(/\b0 miles from/);
  }
  const policy = await text(request, "/policies/delivery-policy");
  for (const origin of site.deliveryOrigins)
    expect(policy).toContain(`${origin.freeRadiusMiles} miles of ${origin.name}`);
});

test("structured data states no rating without reviews in the config @desktop", async ({ request }) => {
  expect(site.reviews).toHaveLength(0);
  for (const path of ["/", "/montrose-golf-carts", "/vehicle/evolution-d6-max-xt4", "/showroom"]) {
    expect(JSON.stringify(await jsonLd(request, path)), path).not.toMatch(/aggregateRating|ratingValue|reviewCount/);
  }
});

test("every policy page shows its effective date @desktop", async ({ request }) => {
  const policyPages = ["/privacy", "/terms", ...policyLinks.map(policyPath)];
  expect(policyPages).toHaveLength(13);
  for (const path of policyPages) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(
      `Effective <time dateTime="${policiesEffective.iso}">${policiesEffective.text}</time>`,
    );
  }
});

test("one contact address per purpose, and one customer count @desktop", async ({ request }) => {
  expect(await text(request, "/")).toContain(site.emails.sales);
  expect(await text(request, "/services")).toContain(site.emails.service);
  for (const path of ["/privacy", "/policies/return-policy"]) {
    const page = await text(request, path);
    expect(page, path).toContain(site.emails.info);
  }
  const customers = `${site.claims.customersServed}+ customers`;
  expect(await text(request, "/")).toContain(customers);
  expect(await text(request, "/about")).toContain(customers);
});

test("promises only the dealer can make stay off the pages while the config has them off @desktop", async ({
  request,
}) => {
  expect(Object.values(site.optionalClaims).every((claim) => claim === false || claim === null)).toBe(true);
  const checks: [path: string, promise: RegExp][] = [
    ["/denago", /AUTHORIZED DENAGO DEALER/i],
    ["/showroom", /no appointment/i],
    ["/showroom", /decision during your visit/i],
    ["/financing", /decisions the same day/i],
    ["/services", /loaner/i],
    ["/rentals", /24\/7|around the clock/i],
    ["/policies/ethics-policy", /good for \d+ days/i],
    ["/policies/diversity-policy", /WCAG/i],
  ];
  for (const [path, promise] of checks) expect(await text(request, path), path).not.toMatch(promise);
});

/** Folders and files that hold business figures as data; everything else must read them. */
const dataModules = [/^src\/config\//, /-content\.ts$/, /\/brand-lineups\.ts$/, /\/filters\.ts$/];
const figurePattern =
  /\$\s?\d|\b\d[\d,.]*\s?(?:miles?|mph|hours?|days?|weeks?|months?)\b|\b\d+%|\b\d{1,2}(?::\d\d)?\s?(?:AM|PM)\b/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return name === "+types" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

test("no business figure is typed into a page outside its data module @desktop", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const offenders: string[] = [];
  for (const file of sourceFiles(path.join(root, "src"))) {
    const relative = path.relative(root, file);
    if (dataModules.some((pattern) => pattern.test(relative))) continue;
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, index) => {
        const code = line.trim();
        // Comments explain and regex replacements ("$1 $2") transform; neither is shown to visitors.
        if (code.startsWith("//") || code.startsWith("*") || code.startsWith("/*") || code.includes(".replace("))
          return;
        if (figurePattern.test(code)) offenders.push(`${relative}:${index + 1}: ${code}`);
      });
  }
  expect(offenders).toEqual([]);
});
