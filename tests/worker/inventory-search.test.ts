import { describe, expect, it } from "vitest";
import { applyFilters, noFilters } from "~/features/catalogue/filters";
import type { Vehicle } from "~/features/catalogue/vehicle";

const vehicle: Vehicle = {
  id: "denago-ev-city",
  name: "DENAGO EV City",
  brand: "DENAGO",
  category: "Street Legal",
  price: 11995,
  description: "Street-legal four-seater for neighbourhood errands.",
  images: [],
  inStock: true,
  isNew: true,
  features: [],
  specifications: {
    topSpeed: "25 mph",
    range: "40 miles",
    batteryType: "Lithium",
    chargingTime: "4 hours",
    payload: "800 lbs",
    seatingCapacity: 4,
  },
};

const search = (query: string) => applyFilters([vehicle], { ...noFilters, search: query }).map((v) => v.id);

describe("inventory search", () => {
  it("matches text in the name or in the description, case-insensitive", () => {
    expect(search("ev city")).toEqual(["denago-ev-city"]);
    expect(search("NEIGHBOURHOOD")).toEqual(["denago-ev-city"]);
  });

  it("does not match a query spanning the end of the name and the start of the description", () => {
    expect(search("city street-legal")).toEqual([]);
  });
});
