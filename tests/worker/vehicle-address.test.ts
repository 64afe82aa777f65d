import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { slugFromAddress, vehicleIdForAddress } from "~/features/catalogue/vehicle-address";

const ids = seedCatalogue.map((vehicle) => vehicle.id);

describe("published vehicle addresses", () => {
  it("spells a model name the way catalogue ids do", () => {
    expect(slugFromAddress("D5-Ranger-2+2")).toBe("d5-ranger-2-plus-2");
    expect(slugFromAddress("EV%20City")).toBe("ev-20city");
    expect(slugFromAddress("--rover xl6--")).toBe("rover-xl6");
  });

  it("finds the one vehicle a brand page's address names", () => {
    expect(vehicleIdForAddress("ev-city", ids)).toBe("denago-ev-city");
    expect(vehicleIdForAddress("rover-xl6", ids)).toBe("denago-ev-rover-xl6");
    expect(vehicleIdForAddress("nomad", ids)).toBe("denago-ev-nomad");
    expect(vehicleIdForAddress("d6-max-xt4", ids)).toBe("evolution-d6-max-xt4");
    expect(vehicleIdForAddress("d5-ranger-2+2", ids)).toBe("evolution-d5-ranger-2-plus-2");
    expect(vehicleIdForAddress("denago-ev-city", ids)).toBe("denago-ev-city");
  });

  it("names no vehicle when the address fits several or none, or only part of a word", () => {
    expect(vehicleIdForAddress("4", ids)).toBeNull();
    expect(vehicleIdForAddress("xl", ids)).toBeNull();
    expect(vehicleIdForAddress("xxl", ids)).toBe("denago-ev-rover-xxl");
    expect(vehicleIdForAddress("ity", ids)).toBeNull();
    expect(vehicleIdForAddress("no-such-cart", ids)).toBeNull();
    expect(vehicleIdForAddress("+++", ids)).toBeNull();
  });
});
