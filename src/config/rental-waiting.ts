/**
 * The rental booking page's words for a trip with a full day (issue 40), in a module of their own:
 * that page ships its code to the browser, and the other alert words would weigh on its budget.
 */
export const rentalWaitingWords = {
  lead: "A day of this rental is fully booked.",
  button: "Tell me if a cart frees up",
} as const;
