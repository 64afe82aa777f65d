import { expect, test } from "@playwright/test";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { counselReviewMark } from "~/config/counsel-review";
import { serverLogRetention } from "~/config/data-retention";
import { purchaseTerms } from "~/config/site";
import { towns, townPath } from "~/config/towns";
import { factoryWarrantyLine, preOwnedSaleWords } from "~/config/warranties";
import { outTheDoorPrice } from "~/features/catalogue/out-the-door";
import { formatMoney } from "~/lib/format";
import { loanDisclosure } from "~/features/financing/monthly-payment";
import { pageWords } from "../support/page-text";

/**
 * Issue 55, "legal lines a dealer can sign": each line of the legal review read off the built pages
 * as a visitor gets them. The rental lease tax and the accountant's charges are Worker tests
 * (tests/worker/rental-taxes.test.ts), a pre-owned cart's sale terms too (sale-warranty.test.ts).
 */

const lsv = seedCatalogue.find((vehicle) => vehicle.id === "denago-ev-city")!;
const preOwned = seedCatalogue.find((vehicle) => vehicle.id === "club-car-onward-2021")!;

test.describe("financing says no rate or term a lender has not confirmed, and no payment without Regulation Z's disclosures @desktop", () => {
  test("no page claims 0% or 7.99% or a term length while no lender has confirmed them", async ({ request }) => {
    for (const path of ["/financing", "/", townPath(towns[0]!), `/vehicle/${lsv.id}`]) {
      const page = await pageWords(request, path);
      expect(page, path).not.toMatch(/\b0% (?:APR|financing)|as low as 0%|7\.99/i);
      expect(page, path).not.toMatch(/\b(?:12 to 84|up to 84) months|Terms from \d+/);
    }
    // The estimate's starting APR was 7.99%: now it starts empty and asks for the lender's.
    const html = await (await request.get(`/vehicle/${lsv.id}`)).text();
    expect(html).toMatch(/<input[^>]*id="estimate-apr"[^>]*value=""/);
    expect(html).toContain('data-testid="estimate-prompt"');
    expect(html).not.toContain('data-testid="monthly-payment"');
  });

  test("a payment the visitor asks for comes with the down payment, the number of payments and the annual percentage rate", async ({
    request,
  }) => {
    const page = await pageWords(request, `/vehicle/${lsv.id}?apr=5&term=48`);
    const total = outTheDoorPrice(lsv, null).total;
    const disclosure = loanDisclosure(total, { aprPercent: 5, termMonths: 48 });
    expect(page).toContain(`$${disclosure.payment.toFixed(2)}/mo`);
    expect(page).toContain("a $0.00 down payment, then 48 monthly payments of");
    expect(page).toContain("at a 5% annual percentage rate (APR)");
  });
});

test.describe("the road-use guide @desktop", () => {
  test("drops the Act 154 / HB 573 attribution and quotes the golf cart definition with its word motor", async ({
    request,
  }) => {
    const guide = await pageWords(request, "/where-to-drive");
    expect(guide).not.toMatch(/Act 154|HB 573|Printer's No\. 4170/);
    expect(await (await request.get("/where-to-drive")).text()).not.toContain("pn=4170");
    expect(guide).toContain(
      '"a self-propelled motor vehicle designed and manufactured for the transportation of persons or equipment for sporting, maintenance, or recreational purposes that is not capable of exceeding a speed of 20 miles per hour."',
    );
    expect(guide).toContain("PennDOT, bulletin on Act 57 of 2017");
  });

  test("marks the LSV inspection and insurance statements as unconfirmed, for counsel", async ({ request }) => {
    const guide = await pageWords(request, "/where-to-drive");
    expect(guide).toContain(`a periodic safety inspection at an official inspection station. ${counselReviewMark}`);
    expect(guide).toContain(
      `insurance (financial responsibility) for as long as it is registered. ${counselReviewMark}`,
    );
    // The title and registration, which PennDOT's own forms require, carry no such mark.
    expect(guide).not.toContain(`a registration and plate. ${counselReviewMark}`);
  });

  test("an LSV's badge and its link to the guide name the class by its federal standard", async ({ request }) => {
    const html = await (await request.get(`/vehicle/${lsv.id}`)).text();
    expect(html).toMatch(/data-testid="road-class">Low-speed vehicle \(FMVSS No\. 500\)/);
    expect(html).toContain(">Where may a low-speed vehicle (FMVSS No. 500) drive in Pennsylvania?</a>");
    expect(html).not.toContain("Street-legal LSV");
    const inventory = await (await request.get("/inventory?lsv=1")).text();
    expect(inventory).toContain("Low-speed vehicle (FMVSS No. 500)");
  });

  test("a golf cart's price says why there are no PennDOT fees: § 1102(2) with § 77A01", async ({ request }) => {
    const page = await pageWords(request, `/vehicle/${preOwned.id}`);
    expect(page).toContain(
      "A golf cart needs no Pennsylvania title (75 Pa.C.S. § 1102(2)) and is not registered for the road (§ 77A01), so there are no PennDOT fees.",
    );
  });
});

test("an LSV's out-the-door total adds no PennDOT fee the site calls out of date: they are added at sale @desktop", async ({
  request,
}) => {
  const page = await pageWords(request, `/vehicle/${lsv.id}`);
  expect(page).not.toMatch(/PennDOT title \(|registration \(\$45\.00\)|lien recording fee as of/);
  expect(page).not.toContain("has since risen");
  expect(page).toContain(purchaseTerms.pennDotFees.lsvAddedAtSale);
  // The total is the cart and its sales tax, picked up: nothing for PennDOT in it.
  const price = outTheDoorPrice(lsv, null);
  expect(page).toContain(`Total ${formatMoney(price.price + price.salesTax)}`);
});

test.describe("warranties @desktop", () => {
  test("brand pages name the maker's factory warranty, never one of our technicians", async ({ request }) => {
    const denago = await pageWords(request, "/denago");
    expect(denago).not.toMatch(/warrantied/i);
    expect(denago).toContain("DENAGO's factory warranty");
    expect(await pageWords(request, "/evolution")).toContain("EVOLUTION's factory warranty");
  });

  test("a new cart's page names its maker's warranty; a pre-owned one says how it is sold, or to ask", async ({
    request,
  }) => {
    expect(await pageWords(request, `/vehicle/${lsv.id}`)).toContain(factoryWarrantyLine(lsv.brand));
    expect(preOwned.saleWarranty).toBeUndefined();
    expect(await pageWords(request, `/vehicle/${preOwned.id}`)).toContain(preOwnedSaleWords.unknown);
  });

  test("the return policy's 48 hours do not limit a warranty or the buyer's rights", async ({ request }) => {
    const policy = await pageWords(request, "/policies/return-policy");
    expect(policy).toContain(
      "The 48 hours are for a return under this policy only: they do not shorten any maker's warranty on the item, or any warranty of ours, and do not limit any right the law gives you.",
    );
  });
});

test("an unpaid cart is held under a lien and sold only by 13 Pa.C.S. § 7210's notice and sale, for counsel @desktop", async ({
  request,
}) => {
  for (const path of [
    "/policies/storage-policy",
    "/storage",
    "/storage/book",
    "/policies/terms-conditions",
    "/terms",
  ]) {
    const page = await pageWords(request, path);
    expect(page, path).not.toMatch(/abandoned/i);
    expect(page, path).toContain(
      "we hold the cart under a lien for the unpaid charges and may sell it only as 13 Pa.C.S. § 7210 allows",
    );
    expect(page, path).toContain("at least 10 days of your receiving it");
    expect(page, path).toContain(counselReviewMark);
  }
});

test.describe("privacy, identification and the shop's safety check @desktop", () => {
  test("the privacy page says how long server logs are kept, and that Cloudflare's rate limiting and Turnstile see the address", async ({
    request,
  }) => {
    const privacy = await pageWords(request, "/privacy");
    expect(privacy).toContain(serverLogRetention.privacyText);
    expect(privacy).toContain(`for at most ${serverLogRetention.days} days`);
    expect(privacy).toMatch(/rate limiting counts the requests each address makes/);
    expect(privacy).toMatch(/Turnstile check, on the forms that show it, uses your address/);
  });

  test("the terms and the rental policy ask a renter for the same document, in the same words", async ({ request }) => {
    for (const path of ["/terms", "/policies/terms-conditions", "/policies/rental-policy", "/rentals"]) {
      const page = await pageWords(request, path);
      expect(page, path).toContain("with a valid driver's license and a credit card");
      expect(page, path).not.toMatch(/valid ID\b|driver's licence/);
    }
  });

  test("the annual safety check on /services is the shop's own, not a PennDOT inspection", async ({ request }) => {
    const services = await pageWords(request, "/services");
    expect(services).not.toContain("Annual safety inspection");
    expect(services).toContain("Annual safety check by our technicians (our own check, not a PennDOT inspection)");
  });
});
