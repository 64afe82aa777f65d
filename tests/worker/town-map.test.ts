import { describe, expect, it } from "vitest";
import { mapEmbedUrl } from "~/ui/MapEmbed";
import { municipalityName, townMapQuery } from "~/features/towns/town-map";
import { towns } from "~/config/towns";

const town = (slug: string) => towns.find((candidate) => candidate.slug === slug)!;

describe("town map address", () => {
  it("names the municipality with its type, county and state", () => {
    expect(townMapQuery(town("lenox-township"))).toBe("Lenox Township, Susquehanna County, PA");
    expect(townMapQuery(town("montrose"))).toBe("Montrose Borough, Susquehanna County, PA");
  });

  it("adds the type only where the name lacks it", () => {
    expect(municipalityName({ name: "Great Bend Township", type: "Township" })).toBe("Great Bend Township");
    expect(municipalityName({ name: "Great Bend", type: "Borough" })).toBe("Great Bend Borough");
    for (const each of towns) expect(municipalityName(each)).toMatch(/ (Borough|Township)$/);
  });

  it("centres the embedded map on the town's coordinates", () => {
    const lenox = town("lenox-township");
    const url = new URL(mapEmbedUrl(townMapQuery(lenox), 13, lenox.coordinates));
    expect(url.searchParams.get("q")).toBe("Lenox Township, Susquehanna County, PA");
    expect(url.searchParams.get("ll")).toBe(`${lenox.coordinates.lat},${lenox.coordinates.lng}`);
    expect(url.searchParams.get("z")).toBe("13");
    expect(url.searchParams.get("output")).toBe("embed");
  });
});
