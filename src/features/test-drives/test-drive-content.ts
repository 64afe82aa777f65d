import type { TestDrivePlace } from "~/config/test-drives";

/**
 * The fixed wording of online test drives: the page's headings and notes, each refusal, what each
 * status means to the driver. Figures (hours, notice, reach, distances) come from the config where
 * the sentences are built.
 */

export const testDriveCopy = {
  title: (vehicle: string) => `Schedule a test drive of the ${vehicle}`,
  lead: "Choose where and when; our sales team calls you to confirm. Nothing is charged.",
  whereTitle: "1. Where you drive",
  showTimes: "Show the free times",
  whenTitle: "2. When, and how we reach you",
  slotLabel: "Day and time",
  chooseSlot: "Choose a day and time",
  noSlots: "No time is free in the coming days. Call us and we will find one.",
  townLabel: "Your town",
  chooseTown: "Choose your town",
  submit: "Book this test drive",
  afterSubmit: "Nothing is charged. We hold the time and call you to confirm.",
  notInStock: "This cart is not on the lot, so it cannot be test driven. Call us and we will find one like it.",
} as const;

export const placeWords: Record<TestDrivePlace, { choice: string; fact: string }> = {
  showroom: { choice: "At our showroom", fact: "At our showroom" },
  home: { choice: "At your home (we bring the cart)", fact: "At your home" },
};

export const testDriveMessages = {
  vehicle: "Choose a cart from the inventory",
  date: "Choose a day as YYYY-MM-DD",
  time: "Choose a start time as HH:MM",
  where: "Choose the showroom or your home",
  past: "That day is over: choose a day from today on.",
  closed: (closedDays: string) => `The showroom is closed on ${closedDays}, so there is no test drive then.`,
  tooLate: (days: number, last: string) =>
    `Test drives can be booked up to ${days} days ahead: choose ${last} or earlier.`,
  outsideHours: (weekday: string, first: string, last: string) =>
    `On ${weekday}s test drives start on the hour from ${first} to ${last}: choose one of those times.`,
  timePast: "That time has passed: choose a later one.",
  leadTime: (hours: number, earliest: string) =>
    `We need ${hours} hours' notice to get the cart ready: the earliest test drive is ${earliest}.`,
  town: "Choose the town where you would like to drive",
  notServed: (area: string) =>
    `Choose your town from the list: we bring carts for test drives within ${area}. Or choose the showroom.`,
  outsideArea: (town: string, distance: string, area: string) =>
    `${town} is ${distance}: we bring carts for test drives within ${area}. Choose the showroom, or call us.`,
  full: (when: string) => `This cart is taken for a test drive at ${when}. Choose another time or call us.`,
  noVehicle: "Vehicle not found",
} as const;
