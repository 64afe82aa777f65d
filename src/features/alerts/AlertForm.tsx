import { alertWords } from "~/config/alert-terms";
import { RobotCheck } from "~/ui/RobotCheck";

/**
 * The plain "tell me when" form: an e-mail address and a button, what is watched in hidden inputs.
 * It posts to /alerts, whose action answers without JavaScript (the inventory and vehicle pages
 * are plain documents). When Turnstile is set, the /alerts page shows it again with the widget.
 */
export function AlertForm({
  kind,
  fields,
  button,
  idPrefix,
  siteKey,
  email = "",
  error,
}: {
  kind: "search" | "price" | "back" | "rental";
  /** The hidden inputs: the search's filters, the vehicle's id, or the rental's class, first day and days. */
  fields: Record<string, string>;
  button: string;
  idPrefix: string;
  siteKey?: string;
  email?: string;
  error?: string;
}) {
  const emailId = `${idPrefix}-email`;
  const errorId = `${idPrefix}-error`;
  return (
    <form method="post" action="/alerts" className="alert-form" aria-label={button}>
      <input type="hidden" name="kind" value={kind} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="field">
        <label htmlFor={emailId}>{alertWords.emailLabel}</label>
        <input
          id={emailId}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={email}
          {...(error ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
        />
        {error ? (
          <p id={errorId} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
      <RobotCheck siteKey={siteKey} />
      <button type="submit" className="button button--primary">
        {button}
      </button>
      <p className="muted">{alertWords.how}</p>
    </form>
  );
}
