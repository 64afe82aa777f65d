/** What the rentals page promises every renter. */
export const rentalBenefits = [
  "Delivered and picked up at your door",
  "Full insurance included with every rental",
  "24/7 roadside support line",
  "Clean, fully charged lithium carts",
  "Daily, 3-day, weekly and monthly plans",
  "Walkthrough of every control at delivery",
];
