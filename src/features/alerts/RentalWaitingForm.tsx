import { alertWords } from "~/config/alert-terms";
import { AlertForm } from "./AlertForm";

/** The rental booking page's form when a day of the asked trip is full: "Tell me if a cart frees up". */
export function RentalWaitingForm({ plan, start, days }: { plan: string; start: string; days: string }) {
  return (
    <section className="card page-section" aria-labelledby="rental-alert-title">
      <h2 id="rental-alert-title">{alertWords.rentalHeading}</h2>
      <AlertForm
        kind="rental"
        fields={{ plan, start, days }}
        button={alertWords.rentalButton}
        idPrefix="rental-alert"
      />
    </section>
  );
}
