/**
 * The business values the policy pages state (effective January 23, 2025). Town pages, the rentals
 * page and the policies read them from here.
 */

/** When every policy took effect: as people read it, and for the pages' <time> elements. */
export const policiesEffective = { text: "January 23, 2025", iso: "2025-01-23" } as const;

export const salesDelivery = {
  /** A sale of at least this much is delivered free within a delivery origin's radius (site.deliveryOrigins). */
  freeMinimumSale: 5000,
  perMileBeyond: 6,
  inStockBusinessDays: "2-5",
  customOrderWeeks: "2-4",
  windowHours: 2,
  whiteGloveFee: 150,
  rescheduleNoticeHours: 24,
  sameDayCancellationFee: 75,
  missedAppointmentFee: 100,
  minimumPathWidthFeet: 8,
  minimumClearanceFeet: 10,
  hours: [
    { days: "Monday-Saturday", times: "8AM-6PM" },
    { days: "Sunday", times: "10AM-4PM" },
  ],
} as const;

export const returns = {
  newCartDays: 7,
  newCartMaxMiles: 10,
  newCartRestockingPercent: 15,
  refundBusinessDays: 10,
  usedCartDays: 3,
  usedCartRestockingPercent: 20,
  partsDays: 30,
  partsRestockingPercent: 10,
  defectReportHours: 48,
  cardRefundBusinessDays: "3-5",
  checkRefundBusinessDays: 10,
  /** The marketing claim elsewhere on the site ("30-day returns") applies to parts only. */
} as const;

export const storage = {
  indoorMonthly: 125,
  outdoorMonthly: 75,
  winter: { season: "October 15 - April 15", indoor: 650, outdoor: 400 },
  summer: { season: "May 1 - September 30", indoor: 575, outdoor: 350 },
  maintenanceMonthly: 50,
  preSeasonPrep: 150,
  lateFee: 25,
  lateAfterDays: 10,
  overdueSteps: [30, 60, 90, 120],
  terminationNoticeDays: 30,
} as const;

export const service = {
  laborRatePerHour: 155,
  /** Days after we report a repair ready before an unpaid, uncollected cart is held under the lien (lien-and-sale.ts). */
  uncollectedAfterDays: 30,
} as const;

export const responseTimes = {
  feedback: { urgent: 4, general: 24, complex: 48 },
  corrections: { critical: 2, important: 24, minor: 48, complex: 72 },
} as const;

export const staffingReport = {
  year: 2024,
  fullTime: 24,
  partTime: 8,
  seasonal: 6,
  peak: 38,
  retentionPercent: 87,
} as const;
