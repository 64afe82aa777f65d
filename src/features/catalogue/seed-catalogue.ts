import type { Vehicle } from "./vehicle";

/**
 * The catalogue a new database starts with: every DENAGO and EVOLUTION model the dealer carries and a
 * few pre-owned carts. Staff change it afterwards with `npm run catalogue` (see README).
 */
export const seedCatalogue: Vehicle[] = [
  {
    id: "denago-ev-city",
    name: "DENAGO EV City",
    brand: "DENAGO",
    category: "City",
    price: 11995,
    description: "A compact two-seat electric cart sized for neighbourhood errands and tight garages.",
    images: [
      "/images/vehicles/cart-2-seat.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Lithium battery",
      "Street-legal LED lighting",
      "Tight turning radius",
      "Digital dash"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "40 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "500 lbs",
      seatingCapacity: 2,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "denago-ev-nomad",
    name: "DENAGO EV Nomad",
    brand: "DENAGO",
    category: "Nomad",
    price: 8495,
    description: "A four-seat lifted cart with a flip rear seat for family rides and light hauling.",
    images: [
      "/images/vehicles/cart-lifted.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Flip-flop rear seat",
      "Lithium battery",
      "LED light bar",
      "Bluetooth speaker"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "45 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "800 lbs",
      seatingCapacity: 4,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "denago-ev-nomad-xl",
    name: "DENAGO EV Nomad XL",
    brand: "DENAGO",
    category: "Nomad",
    price: 8495,
    description: "The long-wheelbase Nomad with more legroom and a bigger battery for longer days out.",
    images: [
      "/images/vehicles/cart-lifted.svg"
    ],
    inStock: false,
    isNew: true,
    features: [
      "Extended wheelbase",
      "Lithium battery",
      "All-terrain tyres",
      "Touchscreen display"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "55 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "800 lbs",
      seatingCapacity: 4,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "denago-ev-rover-xl",
    name: "DENAGO EV Rover XL",
    brand: "DENAGO",
    category: "Rover",
    price: 9995,
    description: "A six-seat off-road Rover with raised suspension for farm lanes and camp roads.",
    images: [
      "/images/vehicles/cart-lifted-6.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Lifted suspension",
      "Lithium battery",
      "Off-road tyres",
      "Rear-view camera"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "50 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "1000 lbs",
      seatingCapacity: 6,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "denago-ev-rover-xl6",
    name: "DENAGO EV Rover XL6",
    brand: "DENAGO",
    category: "Rover",
    price: 11995,
    description: "The Rover for bigger families: three rows, forward-facing seats and storage under each bench.",
    images: [
      "/images/vehicles/cart-lifted-6.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Three forward-facing rows",
      "Lithium battery",
      "Under-seat storage",
      "LED lighting"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "50 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "1000 lbs",
      seatingCapacity: 6,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "denago-ev-rover-xxl",
    name: "DENAGO EV Rover XXL",
    brand: "DENAGO",
    category: "Rover",
    price: 11995,
    description: "The largest DENAGO: eight seats and the longest range of the lineup.",
    images: [
      "/images/vehicles/cart-8-seat.svg"
    ],
    inStock: false,
    isNew: true,
    features: [
      "Eight seats",
      "Extended-range lithium pack",
      "Hydraulic brakes",
      "Touchscreen display"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "60 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "1200 lbs",
      seatingCapacity: 8,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-d5-ranger-2-plus-2",
    name: "EVOLUTION D5 RANGER 2+2",
    brand: "EVOLUTION",
    category: "D5 Ranger",
    price: 7695,
    description: "The EVOLUTION D5 Ranger 2+2: a 4-seat electric golf cart with a 45-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-lifted.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Lifted chassis",
      "Off-road tyres",
      "LED lighting",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "45 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "800 lbs",
      seatingCapacity: 4,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-d5-ranger-4",
    name: "EVOLUTION D5 RANGER 4",
    brand: "EVOLUTION",
    category: "D5 Ranger",
    price: 8495,
    description: "The EVOLUTION D5 Ranger 4: a 4-seat electric golf cart with a 45-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-lifted.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Lifted chassis",
      "Off-road tyres",
      "LED lighting",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "45 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "800 lbs",
      seatingCapacity: 4,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-d5-ranger-4-plus",
    name: "EVOLUTION D5 RANGER 4 PLUS",
    brand: "EVOLUTION",
    category: "D5 Ranger",
    price: 9595,
    description: "The EVOLUTION D5 Ranger 4 PLUS: a 4-seat electric golf cart with a 45-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-lifted.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Lifted chassis",
      "Off-road tyres",
      "LED lighting",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "45 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "800 lbs",
      seatingCapacity: 4,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-d5-ranger-6",
    name: "EVOLUTION D5 RANGER 6",
    brand: "EVOLUTION",
    category: "D5 Ranger",
    price: 10495,
    description: "The EVOLUTION D5 Ranger 6: a 6-seat electric golf cart with a 40-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-lifted-6.svg"
    ],
    inStock: false,
    isNew: true,
    features: [
      "Lifted chassis",
      "Off-road tyres",
      "LED lighting",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "40 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "1000 lbs",
      seatingCapacity: 6,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-d5-ranger-6-plus",
    name: "EVOLUTION D5 RANGER 6 PLUS",
    brand: "EVOLUTION",
    category: "D5 Ranger",
    price: 11595,
    description: "The EVOLUTION D5 Ranger 6 PLUS: a 6-seat electric golf cart with a 40-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-lifted-6.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Lifted chassis",
      "Off-road tyres",
      "LED lighting",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "40 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "1000 lbs",
      seatingCapacity: 6,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-d5-maverick-4",
    name: "EVOLUTION D5 MAVERICK 4",
    brand: "EVOLUTION",
    category: "D5 Maverick",
    price: 7995,
    description: "The EVOLUTION D5 Maverick 4: a 4-seat electric golf cart with a 42-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-4-seat.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Low-profile street stance",
      "Lithium battery",
      "Touchscreen display",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "42 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "800 lbs",
      seatingCapacity: 4,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-d5-maverick-6",
    name: "EVOLUTION D5 MAVERICK 6",
    brand: "EVOLUTION",
    category: "D5 Maverick",
    price: 9295,
    description: "The EVOLUTION D5 Maverick 6: a 6-seat electric golf cart with a 40-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-6-seat.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Low-profile street stance",
      "Lithium battery",
      "Touchscreen display",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "40 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "1000 lbs",
      seatingCapacity: 6,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-d5-maverick-4-plus",
    name: "EVOLUTION D5 MAVERICK 4 PLUS",
    brand: "EVOLUTION",
    category: "D5 Maverick",
    price: 9995,
    description: "The EVOLUTION D5 Maverick 4 PLUS: a 4-seat electric golf cart with a 42-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-4-seat.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Low-profile street stance",
      "Lithium battery",
      "Touchscreen display",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "42 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "800 lbs",
      seatingCapacity: 4,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-d5-maverick-6-plus",
    name: "EVOLUTION D5 MAVERICK 6 PLUS",
    brand: "EVOLUTION",
    category: "D5 Maverick",
    price: 10995,
    description: "The EVOLUTION D5 Maverick 6 PLUS: a 6-seat electric golf cart with a 40-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-6-seat.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Low-profile street stance",
      "Lithium battery",
      "Touchscreen display",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "40 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "1000 lbs",
      seatingCapacity: 6,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-classic-2-plus",
    name: "EVOLUTION CLASSIC 2 PLUS",
    brand: "EVOLUTION",
    category: "Classic",
    price: 6695,
    description: "The EVOLUTION Classic 2 PLUS: a 2-seat electric golf cart with a 35-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-2-seat.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Classic styling",
      "Comfort seating",
      "Lithium battery",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "35 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "500 lbs",
      seatingCapacity: 2,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-classic-2-pro",
    name: "EVOLUTION CLASSIC 2 PRO",
    brand: "EVOLUTION",
    category: "Classic",
    price: 6895,
    description: "The EVOLUTION Classic 2 PRO: a 2-seat electric golf cart with a 35-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-2-seat.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Classic styling",
      "Comfort seating",
      "Lithium battery",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "35 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "500 lbs",
      seatingCapacity: 2,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-classic-4-plus",
    name: "EVOLUTION CLASSIC 4 PLUS",
    brand: "EVOLUTION",
    category: "Classic",
    price: 6995,
    description: "The EVOLUTION Classic 4 PLUS: a 4-seat electric golf cart with a 35-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-4-seat.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Classic styling",
      "Comfort seating",
      "Lithium battery",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "35 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "800 lbs",
      seatingCapacity: 4,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-carrier-6-plus",
    name: "EVOLUTION CARRIER 6 PLUS",
    brand: "EVOLUTION",
    category: "Carrier",
    price: 9595,
    description: "The EVOLUTION Carrier 6 PLUS: a 6-seat electric multi-row people mover with a 38-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-6-seat.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Three-row seating",
      "Rear grab bars",
      "Lithium battery",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "38 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "1000 lbs",
      seatingCapacity: 6,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-carrier-8-plus",
    name: "EVOLUTION CARRIER 8 PLUS",
    brand: "EVOLUTION",
    category: "Carrier",
    price: 10995,
    description: "The EVOLUTION Carrier 8 PLUS: a 8-seat electric multi-row people mover with a 36-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-8-seat.svg"
    ],
    inStock: false,
    isNew: true,
    features: [
      "Three-row seating",
      "Rear grab bars",
      "Lithium battery",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "36 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "1200 lbs",
      seatingCapacity: 8,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-forester-4-plus",
    name: "EVOLUTION FORESTER 4 PLUS",
    brand: "EVOLUTION",
    category: "Forester",
    price: 6995,
    description: "The EVOLUTION Forester 4 PLUS: a 4-seat electric golf cart with a 40-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-lifted.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Rugged suspension",
      "All-terrain tyres",
      "LED light bar",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "40 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "800 lbs",
      seatingCapacity: 4,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-forester-6-plus",
    name: "EVOLUTION FORESTER 6 PLUS",
    brand: "EVOLUTION",
    category: "Forester",
    price: 8495,
    description: "The EVOLUTION Forester 6 PLUS: a 6-seat electric golf cart with a 38-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-lifted-6.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Rugged suspension",
      "All-terrain tyres",
      "LED light bar",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "38 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "1000 lbs",
      seatingCapacity: 6,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-turfman-200",
    name: "EVOLUTION TURFMAN 200",
    brand: "EVOLUTION",
    category: "Turfman",
    price: 6795,
    description: "The EVOLUTION Turfman 200: a 2-seat electric utility vehicle with a 30-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-utility.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Steel cargo bed",
      "High payload",
      "Tow hitch",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "30 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "1000 lbs",
      seatingCapacity: 2,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-turfman-800",
    name: "EVOLUTION TURFMAN 800",
    brand: "EVOLUTION",
    category: "Turfman",
    price: 7995,
    description: "The EVOLUTION Turfman 800: a 2-seat electric utility vehicle with a 35-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-utility.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Steel cargo bed",
      "High payload",
      "Tow hitch",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "35 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "1000 lbs",
      seatingCapacity: 2,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-turfman-1000",
    name: "EVOLUTION TURFMAN 1000",
    brand: "EVOLUTION",
    category: "Turfman",
    price: 8995,
    description: "The EVOLUTION Turfman 1000: a 2-seat electric utility vehicle with a 40-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-utility.svg"
    ],
    inStock: false,
    isNew: true,
    features: [
      "Steel cargo bed",
      "High payload",
      "Tow hitch",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "40 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "1000 lbs",
      seatingCapacity: 2,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-d6-max-gt4",
    name: "EVOLUTION D6 MAX GT4",
    brand: "EVOLUTION",
    category: "D6 Max",
    price: 13595,
    description: "The EVOLUTION D6 Max GT4: a 4-seat electric golf cart with a 50-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-lifted.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Premium lifted chassis",
      "14-inch alloy wheels",
      "Carplay touchscreen",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "50 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "800 lbs",
      seatingCapacity: 4,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-d6-max-gt6",
    name: "EVOLUTION D6 MAX GT6",
    brand: "EVOLUTION",
    category: "D6 Max",
    price: 14595,
    description: "The EVOLUTION D6 Max GT6: a 6-seat electric golf cart with a 48-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-lifted-6.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Premium lifted chassis",
      "14-inch alloy wheels",
      "Carplay touchscreen",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "48 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "1000 lbs",
      seatingCapacity: 6,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-d6-max-xt4",
    name: "EVOLUTION D6 MAX XT4",
    brand: "EVOLUTION",
    category: "D6 Max",
    price: 15595,
    description: "The EVOLUTION D6 Max XT4: a 4-seat electric golf cart with a 50-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-lifted.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Premium lifted chassis",
      "14-inch alloy wheels",
      "Carplay touchscreen",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "50 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "800 lbs",
      seatingCapacity: 4,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "evolution-d6-max-xt6",
    name: "EVOLUTION D6 MAX XT6",
    brand: "EVOLUTION",
    category: "D6 Max",
    price: 16595,
    description: "The EVOLUTION D6 Max XT6: a 6-seat electric golf cart with a 48-mile range and a top speed of 25 mph.",
    images: [
      "/images/vehicles/cart-lifted-6.svg"
    ],
    inStock: true,
    isNew: true,
    features: [
      "Premium lifted chassis",
      "14-inch alloy wheels",
      "Carplay touchscreen",
      "Rear-wheel drive"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "48 miles",
      batteryType: "Lithium (LiFePO4)",
      chargingTime: "4-6 hours",
      payload: "1000 lbs",
      seatingCapacity: 6,
      driveType: "Rear-Wheel Drive"
    }
  },
  {
    id: "club-car-onward-2021",
    name: "Club Car Onward 4 Passenger (2021)",
    brand: "Club Car",
    category: "Onward",
    price: 8995,
    description: "A pre-owned Club Car Onward with a new set of lead-acid batteries, inspected by our technicians.",
    images: [
      "/images/vehicles/cart-used.svg"
    ],
    inStock: true,
    isNew: false,
    features: [
      "New batteries",
      "Rear flip seat",
      "Windshield"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "35 miles",
      batteryType: "Lead-acid (48V)",
      chargingTime: "8-10 hours",
      payload: "800 lbs",
      seatingCapacity: 4
    }
  },
  {
    id: "ezgo-rxv-2019",
    name: "EZ-GO RXV Elite (2019)",
    brand: "EZ-GO",
    category: "RXV",
    price: 6495,
    description: "A pre-owned two-seat EZ-GO RXV Elite with a lithium pack, ideal for the course.",
    images: [
      "/images/vehicles/cart-used.svg"
    ],
    inStock: true,
    isNew: false,
    features: [
      "Lithium battery",
      "Regenerative braking",
      "Sand bottle"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "30 miles",
      batteryType: "Lithium",
      chargingTime: "3-4 hours",
      payload: "500 lbs",
      seatingCapacity: 2
    }
  },
  {
    id: "tomberlin-emerge-2020",
    name: "Tomberlin Emerge (2020)",
    brand: "Tomberlin",
    category: "Emerge",
    price: 7495,
    description: "A pre-owned Tomberlin Emerge low-speed vehicle, street-legal with seat belts and mirrors.",
    images: [],
    inStock: false,
    isNew: false,
    features: [
      "Seat belts",
      "Turn signals",
      "Side mirrors"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "30 miles",
      batteryType: "Lead-acid (72V)",
      chargingTime: "8 hours",
      payload: "800 lbs",
      seatingCapacity: 4
    }
  },
  {
    id: "swift-ev-mach-4e-2022",
    name: "Swift EV Mach 4E (2022)",
    brand: "Swift EV",
    category: "Mach",
    price: 9495,
    description: "A pre-owned Swift EV Mach 4E with low hours and the original lithium battery.",
    images: [
      "/images/vehicles/cart-used.svg"
    ],
    inStock: true,
    isNew: false,
    features: [
      "Lithium battery",
      "Folding windshield",
      "USB charging"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "45 miles",
      batteryType: "Lithium",
      chargingTime: "4-5 hours",
      payload: "800 lbs",
      seatingCapacity: 4
    }
  },
  {
    id: "ezgo-txt-2016",
    name: "EZ-GO TXT (2016)",
    brand: "EZ-GO",
    category: "TXT",
    price: 4995,
    description: "A dependable pre-owned EZ-GO TXT, reconditioned with new seat covers.",
    images: [],
    inStock: false,
    isNew: false,
    features: [
      "Reconditioned seats",
      "Headlights"
    ],
    specifications: {
      topSpeed: "25 mph",
      range: "25 miles",
      batteryType: "Lead-acid (36V)",
      chargingTime: "8 hours",
      payload: "500 lbs",
      seatingCapacity: 2
    }
  }
];
