/**
 * The staff vehicle page's island (see scripts/vite-plugins/islands.ts): its photo form sends each
 * photo made smaller on the phone, one by one with a line each (src/features/photos/photo-travel.ts),
 * and once they are in, the page's photo list, status and history are read again so the new photos
 * show and every button carries the new version. Without this script the form posts every
 * original at once and the page comes back with them.
 */
import { enhancePhotoForms, photoTravelDone } from "~/features/photos/photo-travel";
import { markIslandLive } from "~/ui/island-ready";

/** The parts of the page a photo added changes, each the same element in the fresh copy. */
const changedParts = [
  ".staff-page__status",
  ".staff-photos__none",
  "ol.staff-photos",
  "[data-testid=staff-vehicle-history]",
];

async function showAddedPhotos(): Promise<void> {
  const answer = await fetch(location.href, { headers: { Accept: "text/html" } }).catch(() => null);
  // Not shown now, shown on the next visit: the photos are stored either way.
  if (!answer?.ok) return;
  const fresh = new DOMParser().parseFromString(await answer.text(), "text/html");
  for (const selector of changedParts) {
    const now = document.querySelector(selector);
    const then = fresh.querySelector(selector);
    if (now && then) now.replaceWith(document.importNode(then, true));
    else if (now) now.remove();
  }
  // Every form's version, so a button tapped next is not refused as stale for the photos just added.
  const version = fresh.querySelector<HTMLInputElement>("input[name=version]")?.value;
  if (version)
    for (const input of document.querySelectorAll<HTMLInputElement>("input[name=version]")) input.value = version;
}

enhancePhotoForms();
document.querySelector("form[data-photo-travel]")?.addEventListener(photoTravelDone, () => void showAddedPhotos());
markIslandLive();
