import type { PaperworkView } from "./paperwork.server";

/** What the signing form answered: a refusal keeps what was typed and names the field. */
export interface SigningAnswer {
  ok: boolean;
  message: string;
  fields?: Record<string, string>;
  values?: { name: string };
}

/**
 * The paperwork page: the whole text to be signed, the E-SIGN disclosures, the consent box, the
 * typed name and "I agree and sign". A plain form post: it works with JavaScript off and at 320 px.
 */
export function PaperworkPage({ view, answer }: { view: PaperworkView; answer?: SigningAnswer }) {
  const fields = answer?.fields ?? {};
  return (
    <div className="container page-section booking-status paperwork">
      <h1>{view.title}</h1>
      <p>Signer: {view.signer}</p>
      {answer ? (
        <p role={answer.ok ? "status" : "alert"} className={answer.ok ? "booking-status__next" : "field__error"}>
          {answer.message}
        </p>
      ) : null}
      {view.statusPath ? (
        <p>
          <a href={view.statusPath}>Back to your booking {view.reference}</a>
        </p>
      ) : null}
      {view.signed ? (
        <section aria-labelledby="paperwork-signed-title">
          <h2 id="paperwork-signed-title">Signed</h2>
          <p>This paperwork was {view.signed.words}.</p>
          <p>
            <a href={view.signed.pdfPath} download>
              Download the signed PDF
            </a>
          </p>
        </section>
      ) : null}
      {view.drivers.length > 0 ? (
        <section aria-labelledby="paperwork-drivers-title">
          <h2 id="paperwork-drivers-title">Your additional drivers' waivers</h2>
          <p>Each additional driver signs a waiver of their own: forward each one their link.</p>
          <ul>
            {view.drivers.map((driver) => (
              <li key={driver.path}>
                {driver.label}: {driver.signed ?? "not signed"}
                <br />
                <a href={driver.path}>{driver.path}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="paperwork-text-title">
        <h2 id="paperwork-text-title">The text {view.signed ? "signed" : "to sign"}</h2>
        <pre className="paperwork__text">{view.text}</pre>
        <p>SHA-256 of this text: {view.hash}</p>
      </section>
      {view.closed ? <p className="booking-status__next">{view.closed}</p> : null}
      {view.signed || view.closed ? null : (
        <section aria-labelledby="paperwork-sign-title">
          <h2 id="paperwork-sign-title">Sign electronically</h2>
          <ul>
            {view.disclosures.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <form method="post" action={view.path} noValidate>
            <input type="hidden" name="shown" value={view.hash} />
            <p className="field">
              <input
                type="checkbox"
                id="paperwork-consent"
                name="consent"
                value="yes"
                aria-invalid={fields.consent ? true : undefined}
                aria-describedby={fields.consent ? "paperwork-consent-error" : undefined}
              />{" "}
              <label htmlFor="paperwork-consent">{view.consentLabel}</label>
              {fields.consent ? (
                <span id="paperwork-consent-error" className="field__error">
                  {fields.consent}
                </span>
              ) : null}
            </p>
            <p className="field">
              <label htmlFor="paperwork-name">Your full name, typed as your signature</label>
              <input
                type="text"
                id="paperwork-name"
                name="name"
                autoComplete="name"
                maxLength={100}
                defaultValue={answer?.values?.name ?? ""}
                aria-invalid={fields.name ? true : undefined}
                aria-describedby={fields.name ? "paperwork-name-error" : undefined}
              />
              {fields.name ? (
                <span id="paperwork-name-error" className="field__error">
                  {fields.name}
                </span>
              ) : null}
            </p>
            <button type="submit" className="button button--primary">
              I agree and sign
            </button>
          </form>
        </section>
      )}
    </div>
  );
}
