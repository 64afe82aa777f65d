import { useCallback, useRef, useState, type FormEvent } from "react";
import { fieldLimits } from "~/lib/visitor-fields";
import { RobotCheck } from "~/ui/RobotCheck";
import { checkContactForm } from "./contact-form-schema";
import { interestLabels, interests } from "~/config/enquiry-interests";
import { honeypotField, thankYouPath, type ContactField, type FieldErrors } from "./contact-rules";
import { Toast, type ToastMessage } from "./Toast";

export const sendFailedMessage = "Failed to send message. Please try again.";

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
 * "Send Us a Message". With JavaScript it checks fields as the spec words them, posts JSON to
 * /api/contact and goes to /thank-you; without, it posts to the /contact route action, which runs
 * the same checks and pipeline on the server.
 */
export function ContactForm({
  serverErrors = {},
  serverValues = {},
  vehicleId,
  vehicleName,
  turnstileSiteKey,
}: ContactFormProps) {
  const [errors, setErrors] = useState<FieldErrors>(serverErrors);
  const [isSending, setIsSending] = useState(false);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const closeToast = useCallback(() => setToast(null), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const turnstileToken = values["cf-turnstile-response"];
    if (turnstileToken) values.turnstileToken = turnstileToken;
    const check = checkContactForm(values);
    if (!check.ok) {
      setErrors(check.fields);
      const firstInvalid = Object.keys(check.fields)[0];
      if (firstInvalid) form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setErrors({});
    setIsSending(true);
    let serverError: string | undefined;
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(values),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: string; fields?: FieldErrors };
      if (!response.ok) {
        if (body.fields) setErrors(body.fields);
        serverError = body.error;
        throw new Error(serverError || "Failed to submit contact form");
      }
      formRef.current?.reset();
      // The thank-you page is a plain document: loaded, not rendered in place.
      window.location.assign(thankYouPath);
    } catch {
      setToast({ title: "Error", description: serverError || sendFailedMessage, variant: "destructive" });
    } finally {
      setIsSending(false);
    }
  }

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
    <>
      <form
        ref={formRef}
        method="post"
        action="/contact"
        onSubmit={submit}
        noValidate
        className="contact-form"
        aria-labelledby="contact-form-title"
      >
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
        <button type="submit" className="button button--primary" disabled={isSending}>
          {isSending ? "Sending..." : "Send Message"}
        </button>
      </form>
      <Toast toast={toast} onClose={closeToast} />
    </>
  );
}
