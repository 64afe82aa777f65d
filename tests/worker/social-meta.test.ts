import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { vehicleMeta } from "~/features/catalogue/vehicle-meta";
import { pageMeta } from "~/seo/meta";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";

/** The content of the meta tag named (Twitter's) or with the property (Open Graph's) `key`. */
function tag(meta: MetaDescriptor[], key: string): string | undefined {
  const entry = meta.find(
    (each) => ("property" in each && each.property === key) || ("name" in each && each.name === key),
  );
  return entry && "content" in entry ? String(entry.content) : undefined;
}

describe("social cards for people who cannot see them", () => {
  it("describes the site card in og:image:alt and twitter:image:alt", () => {
    const meta = pageMeta({ title: "About", description: "About us.", path: "/about" });
    expect(tag(meta, "og:image:alt")).toBe(
      "Endless Mountains Golf Carts: electric golf cart sales, rentals, service and financing in Susquehanna County, PA",
    );
    expect(tag(meta, "twitter:image:alt")).toBe(tag(meta, "og:image:alt"));
  });

  it("names the vehicle a vehicle page's card shows", () => {
    for (const vehicle of seedCatalogue.filter((each) => each.images.length > 0)) {
      const meta = vehicleMeta(vehicle);
      expect(tag(meta, "og:image:alt")).toBe(`Drawing of the ${vehicle.name}`);
      expect(tag(meta, "twitter:image:alt")).toBe(`Drawing of the ${vehicle.name}`);
    }
    const waiting = seedCatalogue.find((each) => each.images.length === 0)!;
    expect(tag(vehicleMeta(waiting), "og:image:alt")).toBe(`${waiting.name}: photo coming soon`);
    const photographed = { ...seedCatalogue[0]!, images: ["/photos/denago-ev-city/0123456789abcdef-1600x1200.jpg"] };
    expect(tag(vehicleMeta(photographed), "og:image:alt")).toBe(`Photo of the ${photographed.name}`);
  });
});
