import type { Vehicle } from "./vehicle";

/** The catalogue a new database starts with. Staff change it afterwards with `npm run catalogue`. */
export const seedCatalogue: Vehicle[] = [
  {
    id: "evolution-d6-max-xt4",
    name: "EVOLUTION D6 MAX XT4",
    brand: "EVOLUTION",
    category: "D6 MAX",
    price: 15595,
    description: "A lifted four-seat electric cart with all-terrain tyres and a lithium battery.",
    images: [],
    inStock: true,
    isNew: true,
    features: ["Lithium battery", "LED lighting", "All-terrain tyres", "Touchscreen display"],
    specifications: {
      topSpeed: "25 mph",
      range: "50 miles",
      batteryType: "Lithium",
      chargingTime: "4-5 hours",
      payload: "800 lbs",
      seatingCapacity: 4,
    },
  },
  {
    id: "denago-ev-city",
    name: "DENAGO EV City",
    brand: "DENAGO",
    category: "City",
    price: 11995,
    description: "A compact two-seat electric cart for neighbourhood errands.",
    images: [],
    inStock: true,
    isNew: true,
    features: ["Lithium battery", "Street-legal lighting", "Compact turning radius"],
    specifications: {
      topSpeed: "25 mph",
      range: "40 miles",
      batteryType: "Lithium",
      chargingTime: "4 hours",
      payload: "500 lbs",
      seatingCapacity: 2,
    },
  },
];
