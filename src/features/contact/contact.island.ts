/**
 * The contact page's island (see scripts/vite-plugins/islands.ts): the form ContactForm renders, checked in
 * the browser with the rules the server applies (contact-form-schema.ts), posted as JSON to
 * /api/contact, then the thank-you page. A refusal is shown in a toast and the form can be sent
 * again. Without this script the form posts to the page and the server does the same.
 */
import { focusFirstInvalid, showFieldErrors } from "~/ui/field-errors";
import { markIslandLive } from "~/ui/island-ready";
import { checkContactForm } from "./contact-form-schema";
import { thankYouPath, type FieldErrors } from "./contact-rules";

const sendFailedMessage = "Failed to send message. Please try again.";
const toastMs = 8000;

const form = document.querySelector<HTMLFormElement>("form.contact-form");
if (form) enhance(form);
markIslandLive();

function enhance(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  const buttonLabel = button.textContent;
  const showErrors = (errors: FieldErrors) => showFieldErrors(form, "contact", errors as Record<string, string>);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const turnstileToken = values["cf-turnstile-response"];
    if (turnstileToken) values.turnstileToken = turnstileToken;
    const check = checkContactForm(values);
    if (!check.ok) {
      showErrors(check.fields);
      focusFirstInvalid(form, check.fields as Record<string, string>);
      return;
    }
    showErrors({});
    button.disabled = true;
    button.textContent = "Sending...";
    let serverError: string | undefined;
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(values),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: string; fields?: FieldErrors };
      if (!response.ok) {
        if (body.fields) showErrors(body.fields);
        serverError = body.error;
        throw new Error(serverError || "Failed to submit contact form");
      }
      form.reset();
      window.location.assign(thankYouPath);
    } catch {
      showToast(form, serverError || sendFailedMessage);
    } finally {
      button.disabled = false;
      button.textContent = buttonLabel;
    }
  });
}

let toast: { element: HTMLElement; timer: number } | null = null;

function closeToast() {
  if (!toast) return;
  window.clearTimeout(toast.timer);
  toast.element.remove();
  toast = null;
}

/** A short notice in the corner; screen readers hear it at once (role="alert"). */
function showToast(form: HTMLFormElement, description: string) {
  closeToast();
  const element = document.createElement("div");
  element.setAttribute("role", "alert");
  element.className = "toast toast--destructive";
  const title = document.createElement("p");
  title.className = "toast__title";
  title.textContent = "Error";
  const text = document.createElement("p");
  text.textContent = description;
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.className = "button button--on-dark";
  dismiss.textContent = "Dismiss";
  dismiss.addEventListener("click", closeToast);
  // One by one: the Workers types give Element an append() of their own (HTMLRewriter).
  for (const child of [title, text, dismiss]) element.appendChild(child);
  form.insertAdjacentElement("afterend", element);
  toast = { element, timer: window.setTimeout(closeToast, toastMs) };
}
