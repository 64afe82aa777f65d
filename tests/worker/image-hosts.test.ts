import { describe, expect, it } from "vitest";
import { validateCatalogueFile } from "../../scripts/staff/catalogue-file";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { imageHosts, type ImageHost } from "~/config/image-hosts";
import { vehicleSchemaFor, type Vehicle } from "~/features/catalogue/vehicle";
import { contentSecurityPolicy, staticAssetHeadersFile } from "~/server/security-headers";

const sample: Vehicle = structuredClone(seedCatalogue[0]!);
const listedHost: ImageHost = "photos.dealer-example.com";
const listedPhoto = `https://${listedHost}/carts/d6-max.jpg`;
const unlistedPhoto = "https://cdn.elsewhere.example.net/carts/d6-max.jpg";

function imageSources(policy: string): string[] {
  const directive = policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === "img-src");
  return directive?.slice(1) ?? [];
}

function staticPolicy(headersFile: string): string {
  return /Content-Security-Policy: (.*)/.exec(headersFile)?.[1] ?? "";
}

function importsPhoto(photo: string, hosts?: readonly ImageHost[]): boolean {
  const rows = [{ ...sample, id: "photo-cart", images: [photo] }];
  return validateCatalogueFile(rows, hosts && vehicleSchemaFor(hosts)).ok;
}

describe("hosts of vehicle photos", () => {
  it("the import refuses a photo on a host not on the list, naming the field and the hosts allowed", () => {
    const rows = [
      { ...sample, id: "listed-photo", images: [listedPhoto, "/images/vehicles/cart-2-seat.svg"] },
      { ...sample, id: "unlisted-photo", images: ["/images/vehicles/cart-2-seat.svg", unlistedPhoto] },
    ];
    const result = validateCatalogueFile(rows, vehicleSchemaFor([listedHost]));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    const [problem] = result.problems;
    expect(problem?.row).toBe("unlisted-photo");
    expect(problem?.field).toBe("images.1");
    expect(problem?.message).toContain("cdn.elsewhere.example.net");
    expect(problem?.message).toContain(listedHost);
  });

  it("the import accepts photos on a listed host", () => {
    expect(importsPhoto(listedPhoto, [listedHost])).toBe(true);
    expect(importsPhoto(`https://${listedHost.toUpperCase()}/carts/a.jpg`, [listedHost])).toBe(true);
  });

  it("the import refuses addresses that leave the site while looking like paths or listed hosts", () => {
    for (const photo of [
      `//${listedHost}/carts/a.jpg`,
      `/\\${listedHost}/carts/a.jpg`,
      `http://${listedHost}/carts/a.jpg`,
      `https://${listedHost}:8443/carts/a.jpg`,
      `https://${listedHost}.evil.example/a.jpg`,
    ]) {
      expect(importsPhoto(photo, [listedHost]), photo).toBe(false);
    }
  });

  it("the configured list decides both what the import takes and what browsers may load", () => {
    expect(importsPhoto(unlistedPhoto)).toBe(false);
    for (const host of imageHosts) expect(importsPhoto(`https://${host}/carts/a.jpg`), host).toBe(true);
    const configured = ["'self'", "data:", ...imageHosts.map((host) => `https://${host}`)];
    expect(imageSources(contentSecurityPolicy("abc"))).toEqual(configured);
    expect(imageSources(contentSecurityPolicy(null))).toEqual(configured);
    expect(imageSources(staticPolicy(staticAssetHeadersFile()))).toEqual(configured);
  });

  it("changing the list changes both what the import takes and what browsers may load", () => {
    const lists: (readonly ImageHost[])[] = [[], [listedHost], ["a.example.com", listedHost]];
    for (const hosts of lists) {
      const sources = ["'self'", "data:", ...hosts.map((host) => `https://${host}`)];
      expect(imageSources(contentSecurityPolicy("abc", hosts))).toEqual(sources);
      expect(imageSources(contentSecurityPolicy(null, hosts))).toEqual(sources);
      expect(imageSources(staticPolicy(staticAssetHeadersFile(hosts)))).toEqual(sources);
      expect(importsPhoto(listedPhoto, hosts)).toBe(hosts.includes(listedHost));
    }
  });
});
