import { fieldLimits } from "~/lib/visitor-fields";
import { RobotCheck } from "~/ui/RobotCheck";
import { interestLabels, interests } from "~/config/enquiry-interests";
import { honeypotField, type ContactField, type FieldErrors } from "./contact-rules";

export interface ContactFormProps {
  /** Field errors and values the server sent back after a submission without JavaScript. */
  serverErrors?: FieldErrors;
  serverValues?: Partial<Record<ContactField, string>>;
  vehicleId?: string;
  vehicleName?: string;
  /** Cloudflare Turnstile site key; the widget shows only when one is configured. */
  turnstileSiteKey?: string;
}

const fields: {
  name: Exclude<ContactField, "interest" | "message" | "vehicleId">;
  label: string;
  type: string;
  autoComplete: string;
  maxLength?: number;
}[] = [
  { name: "firstName", label: "First name", type: "text", autoComplete: "given-name", maxLength: fieldLimits.nameMax },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "family-name", maxLength: fieldLimits.nameMax },
  { name: "email", label: "E-mail", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
];

/**
 * "Send Us a Message", as the server renders it: without JavaScript it posts to the /contact route
 * action, which checks it and answers with the errors beside their fields. With JavaScript
 * contact.island.ts checks it in the browser with the same rules, posts JSON to /api/contact and
 * goes to /thank-you; it finds the form and its fields by the ids and classes below.
 */
export function ContactForm({
  serverErrors: errors = {},
  serverValues = {},
  vehicleId,
  vehicleName,
  turnstileSiteKey,
}: ContactFormProps) {
  function fieldProps(name: ContactField) {
    const error = errors[name];
    return {
      id: `contact-${name}`,
      name,
      "aria-invalid": error ? ("true" as const) : undefined,
      "aria-describedby": error ? `contact-${name}-error` : undefined,
    };
  }

  function fieldError(name: ContactField) {
    const error = errors[name];
    return error ? (
      <p id={`contact-${name}-error`} className="field__error">
        {error}
      </p>
    ) : null;
  }

  return (
    <form method="post" action="/contact" noValidate className="contact-form" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send Us a Message</h2>
      {vehicleName ? (
        <p className="muted">
          About: <strong>{vehicleName}</strong>
        </p>
      ) : null}
      <div className="contact-form__grid">
        {fields.map((field) => (
          <div className="field" key={field.name}>
            <label htmlFor={`contact-${field.name}`}>{field.label}</label>
            <input
              {...fieldProps(field.name)}
              type={field.type}
              autoComplete={field.autoComplete}
              maxLength={field.maxLength}
              defaultValue={serverValues[field.name]}
            />
            {fieldError(field.name)}
          </div>
        ))}
      </div>
      <div className="field">
        <label htmlFor="contact-interest">I'm interested in</label>
        <select {...fieldProps("interest")} defaultValue={serverValues.interest ?? "sales"}>
          {interests.map((interest) => (
            <option key={interest} value={interest}>
              {interestLabels[interest]}
            </option>
          ))}
        </select>
        {fieldError("interest")}
      </div>
      <div className="field">
        <label htmlFor="contact-message">Message</label>
        <textarea {...fieldProps("message")} rows={6} defaultValue={serverValues.message} />
        {fieldError("message")}
      </div>
      {vehicleId ? <input type="hidden" name="vehicleId" value={vehicleId} /> : null}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor="contact-website">Leave this empty</label>
        <input id="contact-website" name={honeypotField} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <RobotCheck siteKey={turnstileSiteKey} />
      <button type="submit" className="button button--primary">
        Send Message
      </button>
    </form>
  );
}
