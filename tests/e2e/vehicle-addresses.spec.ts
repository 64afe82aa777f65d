import { expect, test } from "@playwright/test";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";

/**
 * Every address the spec publishes for a vehicle answers: the two route forms with the id, the
 * DENAGO page's "/vehicles/{model name lowercased, spaces as hyphens}", and the EVOLUTION page's
 * featured ("/vehicles/{model slug} with the brand prefix removed") and series model links.
 */

const canonical = (id: string) => `/vehicle/${id}`;

/** Published addresses of the original brand pages and the vehicle each one names. */
const publishedAliases: readonly [address: string, id: string][] = [
  // DENAGO lineup: model names as the spec lists them.
  ["/vehicles/ev-city", "denago-ev-city"],
  ["/vehicles/nomad", "denago-ev-nomad"],
  ["/vehicles/nomad-xl", "denago-ev-nomad-xl"],
  ["/vehicles/rover-xl", "denago-ev-rover-xl"],
  ["/vehicles/rover-xl6", "denago-ev-rover-xl6"],
  ["/vehicles/rover-xxl", "denago-ev-rover-xxl"],
  ["/vehicles/ev-rover-xl6", "denago-ev-rover-xl6"],
  // EVOLUTION featured models, brand prefix removed.
  ["/vehicles/d5-ranger-4-plus", "evolution-d5-ranger-4-plus"],
  ["/vehicles/d5-ranger-6-plus", "evolution-d5-ranger-6-plus"],
  ["/vehicles/d5-maverick-4-plus", "evolution-d5-maverick-4-plus"],
  ["/vehicles/classic-4-plus", "evolution-classic-4-plus"],
  ["/vehicles/carrier-6-plus", "evolution-carrier-6-plus"],
  ["/vehicles/d6-max-xt4", "evolution-d6-max-xt4"],
  // EVOLUTION series cards: model names with spaces as hyphens, plus signs as written.
  ["/vehicles/d5-ranger-2+2", "evolution-d5-ranger-2-plus-2"],
  ["/vehicles/d5-maverick-6", "evolution-d5-maverick-6"],
  ["/vehicles/classic-2-pro", "evolution-classic-2-pro"],
  ["/vehicles/turfman-1000", "evolution-turfman-1000"],
  ["/vehicles/d6-max-gt6", "evolution-d6-max-gt6"],
  // Both route forms, and a name typed in capitals.
  ["/vehicle/d6-max-xt4", "evolution-d6-max-xt4"],
  ["/vehicles/EV-City", "denago-ev-city"],
];

test("both route forms of every catalogue id show the vehicle, with /vehicle/{id} as canonical @desktop", async ({
  request,
}) => {
  for (const vehicle of seedCatalogue) {
    for (const path of [`/vehicle/${vehicle.id}`, `/vehicles/${vehicle.id}`]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(`<link rel="canonical" href="`);
      expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1], path).toMatch(
        new RegExp(`${canonical(vehicle.id)}$`),
      );
    }
  }
});

test("every address the brand pages published redirects permanently to the vehicle's page @desktop", async ({
  request,
}) => {
  for (const [address, id] of publishedAliases) {
    const response = await request.get(address, { maxRedirects: 0 });
    expect(response.status(), address).toBe(301);
    expect(new URL(response.headers()["location"]!, "http://x").pathname, address).toBe(canonical(id));
  }
});

test("an address that fits several carts is still Vehicle Not Found @desktop", async ({ request }) => {
  const response = await request.get("/vehicles/4", { maxRedirects: 0 });
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain("Vehicle Not Found");
});
