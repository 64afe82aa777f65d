import { expect, test, type APIRequestContext } from "@playwright/test";
import { sitemapPaths } from "~/config/pages";
import { purchaseTerms } from "~/config/site";

/**
 * What the site says about the road and about tax (issue 39): "street-legal" only of a vehicle its
 * maker certifies as an LSV, never of shop work; the service rates before Pennsylvania sales tax;
 * and the road-use guide saying only what it can source.
 */

async function text(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.text())
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
}

test("no page offers to make a cart street-legal: no conversions, packages, options or lighting @desktop", async ({
  request,
}) => {
  const paths = [...sitemapPaths, "/vehicle/denago-ev-city", "/vehicle/club-car-onward-2021", "/compare"];
  expect(paths).toContain("/services");
  expect(paths).toContain("/denago");
  for (const path of paths) {
    expect(await text(request, path), path).not.toMatch(
      /street[- ]legal (?:conversions?|packages?|options?|lighting|kits?|upgrades?)/i,
    );
  }
});

test("/services says sales tax is added to labour and parts, and names the law @desktop", async ({ request }) => {
  const services = await text(request, "/services");
  expect(services).toContain(`Pennsylvania sales tax (${purchaseTerms.salesTaxPercent}%) is added to labour and parts`);
  expect(services).toContain("72 P.S. § 7201(k)(4)");
  expect(services).toContain("no shop work makes a golf cart one");
});

test("the road-use guide cites PennDOT on inspection and drops the unsourced 35 mph rule @desktop", async ({
  request,
}) => {
  const guide = await text(request, "/where-to-drive");
  expect(guide).not.toContain("35 mph");
  expect(guide).not.toMatch(/inspected and insured like a (?:passenger )?car/);
  expect(guide).toContain("fail the safety inspection requirements for a passenger vehicle");
  const html = await (await request.get("/where-to-drive")).text();
  expect(html).not.toContain('href="https://www.dmv.pa.gov"');
  expect(html).toContain("showMemoPublic.cfm?chamber=S&amp;SPick=20130&amp;cosponId=9759");
  expect(await text(request, "/policies/rental-policy")).not.toMatch(/inspected and insured like a car/);
});
