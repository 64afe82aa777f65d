import { rentalWaitingWords } from "~/config/rental-waiting";

/**
 * The rental booking page's offer when a day of the asked trip is full: a plain link to the /alerts
 * page's form for that class and those days. A link rather than the form itself, because the
 * booking page ships React and its budget has no room for the form's code and words.
 */
export function RentalWaitingLink({ plan, start, days }: { plan: string; start: string; days: string }) {
  const query = new URLSearchParams({ kind: "rental", plan, start, days });
  return (
    <p className="card">
      {rentalWaitingWords.lead} <a href={`/alerts?${query}`}>{rentalWaitingWords.button}</a>
    </p>
  );
}
