/**
 * For islands: shows a form's field messages in the browser exactly as the server renders them
 * (a `p.field__error` with the id `<prefix>-<name>-error` at the end of the field's `.field`, the
 * control marked aria-invalid and described by it), so a message reads the same whichever side
 * found the problem. Messages of fields not in `errors` are taken away.
 */
export function showFieldErrors(form: HTMLFormElement, prefix: string, errors: Readonly<Record<string, string>>): void {
  for (const control of form.querySelectorAll<HTMLElement>(`[id^="${prefix}-"][name]`)) {
    const name = control.getAttribute("name") ?? "";
    const errorId = `${prefix}-${name}-error`;
    const message = errors[name];
    let shown = form.querySelector<HTMLElement>(`[id="${errorId}"]`);
    const describedBy = (control.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter((id) => id && id !== errorId);
    if (message) {
      if (!shown) {
        shown = document.createElement("p");
        shown.id = errorId;
        shown.className = "field__error";
        (control.closest(".field") ?? control.parentElement)?.appendChild(shown);
      }
      shown.textContent = message;
      control.setAttribute("aria-invalid", "true");
      describedBy.unshift(errorId);
    } else {
      shown?.remove();
      control.removeAttribute("aria-invalid");
    }
    if (describedBy.length > 0) control.setAttribute("aria-describedby", describedBy.join(" "));
    else control.removeAttribute("aria-describedby");
  }
}

/** Moves the focus to the first field with a message, as a visitor reads the form. */
export function focusFirstInvalid(form: HTMLFormElement, errors: Readonly<Record<string, string>>): void {
  const first = [...form.elements].find(
    (element) => element instanceof HTMLElement && errors[element.getAttribute("name") ?? ""],
  );
  if (first instanceof HTMLElement) first.focus();
}
