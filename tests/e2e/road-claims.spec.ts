import { expect, test } from "@playwright/test";
import { sitemapPaths } from "~/config/pages";
import { purchaseTerms } from "~/config/site";
import { pageWords } from "../support/page-text";

/**
 * What the site says about the road and about tax (issue 39): "street-legal" only of a vehicle its
 * maker certifies as an LSV, never of shop work; the service rates before Pennsylvania sales tax;
 * and the road-use guide saying only what it can source.
 */

test("no page offers to make a cart street-legal: no conversions, packages, options or lighting @desktop", async ({
  request,
}) => {
  const paths = [...sitemapPaths, "/vehicle/denago-ev-city", "/vehicle/club-car-onward-2021", "/compare"];
  expect(paths).toContain("/services");
  expect(paths).toContain("/denago");
  for (const path of paths) {
    expect(await pageWords(request, path), path).not.toMatch(
      /street[- ]legal (?:conversions?|packages?|options?|lighting|kits?|upgrades?)/i,
    );
  }
});

test("/services says sales tax is added to labour and parts, and names the law @desktop", async ({ request }) => {
  const services = await pageWords(request, "/services");
  expect(services).toContain(`Pennsylvania sales tax (${purchaseTerms.salesTaxPercent}%) is added to labour and parts`);
  expect(services).toContain("72 P.S. § 7201(k)(4)");
  expect(services).toContain("no shop work makes a golf cart one");
});

test("the road-use guide cites the 2014 neighborhood-electric-vehicle law, not the 2012 memo, and no 35 mph rule @desktop", async ({
  request,
}) => {
  const guide = await pageWords(request, "/where-to-drive");
  expect(guide).not.toContain("35 mph");
  expect(guide).not.toMatch(/inspected and insured like a (?:passenger )?car/);
  // Issue 47: the LSV section rests on the statute found, not on the sponsor's 2012 memorandum.
  expect(guide).not.toContain("no current PennDOT publication");
  expect(guide).not.toContain("co-sponsorship memorandum");
  expect(guide).toContain("75 Pa.C.S. §§ 3591-3596");
  expect(guide).toContain("may not be driven with more passengers than it has seat belts");
  expect(guide).toContain("75 Pa.C.S. § 3595");
  const html = await (await request.get("/where-to-drive")).text();
  expect(html).not.toContain('href="https://www.dmv.pa.gov"');
  expect(html).not.toContain("showMemoPublic.cfm");
  expect(html).toContain("law.justia.com/codes/pennsylvania/2014/title-75/chapter-35/section-3595/");
  expect(await pageWords(request, "/policies/rental-policy")).not.toMatch(/inspected and insured like a car/);
});

test("the rental policy says its fees carry sales tax, a golf cart's rental names no PTA fee, and storage gives no separate access @desktop", async ({
  request,
}) => {
  const rental = await pageWords(request, "/policies/rental-policy");
  expect(rental).toContain(
    "Pennsylvania sales tax (6%) is added to the late-return, cleaning, returned-uncharged, smoke-odor and pet-hair fees",
  );
  for (const path of ["/rentals", "/policies/rental-policy"]) {
    expect(await pageWords(request, path), path).not.toMatch(/Public Transportation Assistance|lease tax/);
  }
  const storage = await pageWords(request, "/policies/storage-policy");
  expect(storage).toContain("you get no separate access to a locked space");
  expect(storage).toContain("61 Pa. Code §§ 31.1(4)(i), 31.5, 60.12");
});
