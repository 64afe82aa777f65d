import { alertWords } from "~/config/alert-terms";
import { PageHero } from "~/ui/PageHero";
import { AlertForm } from "./AlertForm";
import type { AlertRequestView } from "./alert-request-page.server";

const buttonOf = {
  search: alertWords.searchButton,
  price: alertWords.priceButton,
  back: alertWords.backButton,
  rental: alertWords.rentalButton,
};

/** The answer to the plain alert form, or the form again (with what was wrong, or Turnstile's widget). */
export function AlertRequestPage({ view, siteKey }: { view: AlertRequestView; siteKey?: string }) {
  if (view.outcome?.accepted) return <PageHero title={alertWords.requestHeading} lead={alertWords.accepted} />;
  const refusal = view.outcome && !view.outcome.accepted ? view.outcome : null;
  const fieldError = refusal?.fields.email ?? Object.values(refusal?.fields ?? {})[0];
  return (
    <>
      <PageHero title={alertWords.requestHeading} lead={refusal ? refusal.error : alertWords.how} />
      <section className="container page-section">
        <AlertForm
          kind={view.kind}
          fields={view.fields}
          button={buttonOf[view.kind]}
          idPrefix="alert-request"
          siteKey={siteKey}
          email={view.email}
          error={fieldError}
        />
      </section>
    </>
  );
}
