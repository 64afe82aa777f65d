import { bookingKinds } from "~/config/booking-kinds";
import { storageTaxNote } from "~/config/taxes";
import { storagePaymentTerms } from "~/features/policies/storage-payment-terms";
import { Link } from "~/ui/links";
import { storagePolicyPath } from "./storage-paths";
import { noPaymentOnline } from "./storage-view";

/** The storage policy's payment and notice terms, one sentence each, every figure from the policy's config. */
export function storageTerms(): string[] {
  return [
    ...storagePaymentTerms,
    storageTaxNote,
    `A request holds a space for ${bookingKinds.storage.holdHours} hours while our staff call to confirm it.`,
    noPaymentOnline,
  ];
}

/** The terms an owner agrees to, beside the booking form and on the booking's page. */
export function StorageTermsList({ headingId, as: Heading = "h2" }: { headingId: string; as?: "h2" | "h3" }) {
  return (
    <aside className="booking-terms" aria-labelledby={headingId}>
      <Heading id={headingId}>Payment and notice terms</Heading>
      <ul className="check-list">
        {storageTerms().map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
      <p className="muted">
        The full <Link to={storagePolicyPath}>storage policy</Link> states every price and term.
      </p>
    </aside>
  );
}
