/**
 * The trade-in page's island (see scripts/vite-plugins/islands.ts): each photo chosen goes at once,
 * made smaller on the phone and on its own, to the draft address the form names, with a line each
 * and a retry (src/features/photos/photo-travel.ts), under a draft token this script makes and adds
 * to the form (or the one a refused form came back with). On submit, the inputs whose photo has arrived are emptied and named in `fromDraft`, so
 * the form posts its fields and the token and the server takes those photos from the draft; a photo refused or not sent stays
 * chosen and goes with the form as it is. Without this script the form posts every original.
 */
import { photoSender, progressList } from "~/features/photos/photo-travel";
import { newToken } from "~/lib/random-token";
import { markIslandLive } from "~/ui/island-ready";
import { draftField, fromDraftField } from "./trade-in-fields";

function enhance(form: HTMLFormElement, address: string, draft: string) {
  const sender = photoSender(address, progressList(form), () => undefined);
  /** The inputs whose chosen photo the server has: the form need not carry it again. */
  const arrived = new Set<HTMLInputElement>();
  for (const input of form.querySelectorAll<HTMLInputElement>("input[type=file]")) {
    input.addEventListener("change", () => {
      arrived.delete(input);
      const file = input.files?.[0];
      if (!file) return;
      const label = form.querySelector(`label[for="${input.id}"]`)?.textContent ?? input.name;
      sender.send({
        file,
        field: input.name,
        fields: [[draftField, draft]],
        start: `${label} (${file.name})`,
        // Only if still the one chosen: a photo chosen again meanwhile is sent on its own.
        onAnswer: (kind) => kind === "added" && input.files?.[0] === file && arrived.add(input),
      });
    });
  }
  let waiting = false;
  form.addEventListener("submit", (event) => {
    if (sender.pending() > 0) {
      // Photos still on their way: the form goes once each has its answer.
      event.preventDefault();
      if (waiting) return;
      waiting = true;
      const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter : undefined;
      void sender.idle().then(() => {
        waiting = false;
        form.requestSubmit(submitter);
      });
      return;
    }
    // Said again on each submit (the ticked boxes of a refused form's kept photos are the server's and stay).
    for (const old of form.querySelectorAll(`input[type=hidden][name=${fromDraftField}]`)) old.remove();
    for (const input of arrived) {
      input.value = "";
      const slot = document.createElement("input");
      slot.type = "hidden";
      slot.name = fromDraftField;
      slot.value = input.name;
      form.appendChild(slot);
    }
    arrived.clear();
  });
}

const form = document.querySelector<HTMLFormElement>("form[data-photo-travel]");
if (form) {
  // A refused form comes back from its POST carrying its draft, which keeps the photos already sent.
  let field = form.querySelector<HTMLInputElement>(`input[name=${draftField}]`);
  // Otherwise the token is made here, in the browser, not rendered by the server: the page is the
  // same for every visitor (the edge cache keeps one copy), so a token in its HTML would be everyone's.
  if (!field) {
    field = document.createElement("input");
    field.type = "hidden";
    field.name = draftField;
    field.value = newToken();
    form.appendChild(field);
  }
  enhance(form, form.dataset.photoTravel || form.action, field.value);
}
markIslandLive();
