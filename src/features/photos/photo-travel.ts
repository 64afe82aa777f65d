/**
 * Photos that travel light (issue 58): a phone's photos are made smaller on the phone and sent one
 * by one, each with a line saying how it is going, so five camera photos cross a rural 1.5 Mbit/s
 * uplink in seconds rather than the minute and a half their originals take, with the staff member
 * (or customer) seeing each one go. Browser code only: an island imports it (no server imports).
 *
 * The contract, for any page whose island calls `enhancePhotoForms()`:
 * - The form carries `data-photo-travel="<address>"`: where each photo is posted. Without the
 *   script the same form posts to its own `action` with every photo at once, as it always did.
 * - It holds one `<input type="file">`; its `name` is the field each photo is sent under.
 * - It may hold an element marked `data-photo-travel-progress` (best an `<ol aria-live="polite">`
 *   rendered by the server, so screen readers announce its first line); the lines go there, or in
 *   one made after the form's last child.
 * - Each photo is one `POST <address>` of `multipart/form-data`: every other field of the form (a
 *   version, a hidden id), the submitting button's `name=value`, and the one photo. The address
 *   answers JSON `{ "message": string }`: 2xx when the photo was added, 4xx when it was refused
 *   (the message names why, the line shows it, and sending it again would not help). Anything else
 *   (no answer, a 5xx, not JSON) is a failed send, which the line offers to send again.
 * - When the last photo of a choice is answered, the form gets a `photo-travel:done` event whose
 *   `detail.added` counts the photos added, so the page can show them.
 *
 * A form with several file inputs, each its own photo (the trade-in page's `photo1` … `photo6`),
 * uses `photoSender()` directly: the same lines, retries and answers, with its island choosing when
 * each photo goes, under which field and with which other fields (trade-in.island.ts).
 *
 * What is sent: a photo larger than `travelSize` on its longest side is drawn upright (the EXIF
 * orientation applied, as it was shot) at that size and sent as a JPEG, which also leaves every
 * metadata field behind; anything else goes as it is: a photo already small (never enlarged), one
 * the browser cannot draw (HEIC in Chromium), one whose short side would drop below what the server
 * accepts (a long panorama). The server's checks and processing are the same for every photo it
 * receives: upright, every metadata field removed, its renditions made.
 */
import { photoLimits } from "./photo-intake";
import { photoTravelWords as words } from "./photo-travel-words";

/** The longest side of a photo as it travels: wider than the largest rendition (1,600 px) the server makes. */
export const travelSize = 2048;
/** JPEG quality of a smaller copy: the server encodes every rendition again from it. */
const travelQuality = 0.9;

export const photoTravelDone = "photo-travel:done";

/** The photo to send for `file`: a smaller upright JPEG, or the file itself (see the header). */
export async function lightenPhoto(file: File, longestSide = travelSize): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    // "from-image" turns the pixels as the EXIF orientation says (Chromium's default too).
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  const { width, height } = bitmap;
  const scale = longestSide / Math.max(width, height);
  const size = { width: Math.round(width * scale), height: Math.round(height * scale) };
  if (scale >= 1 || Math.min(size.width, size.height) < Math.max(photoLimits.minWidth, photoLimits.minHeight)) {
    bitmap.close();
    return file;
  }
  let blob: Blob;
  try {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext("2d")!;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    blob = await canvas.convertToBlob({ type: "image/jpeg", quality: travelQuality });
  } catch {
    // A phone short of memory for the canvas: the original still goes, only slower.
    return file;
  } finally {
    bitmap.close();
  }
  const name = `${file.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`;
  return new File([blob], name, { type: "image/jpeg", lastModified: file.lastModified });
}

type Answer = { kind: "added" | "refused"; message: string } | { kind: "failed" };

/** One photo posted to `address` with the form's other fields; `onProgress` gets whole percents. */
function post(address: string, body: FormData, onProgress: (percent: number) => void): Promise<Answer> {
  // XMLHttpRequest, not fetch: only it reports how much of an upload has gone.
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", address);
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.floor((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => {
      let message: unknown;
      try {
        message = (JSON.parse(request.responseText) as { message?: unknown }).message;
      } catch {
        message = undefined;
      }
      if (typeof message !== "string" || request.status >= 500) resolve({ kind: "failed" });
      else resolve({ kind: request.status < 300 ? "added" : "refused", message });
    });
    for (const failure of ["error", "abort", "timeout"])
      request.addEventListener(failure, () => resolve({ kind: "failed" }));
    request.send(body);
  });
}

/** The form's fields other than the photos, and the button that sent it. */
function otherFields(
  form: HTMLFormElement,
  input: HTMLInputElement,
  submitter: HTMLElement | null,
): [string, string][] {
  const fields = [...new FormData(form)].filter(
    (entry): entry is [string, string] => entry[0] !== input.name && typeof entry[1] === "string",
  );
  if (submitter instanceof HTMLButtonElement && submitter.name) fields.push([submitter.name, submitter.value]);
  return fields;
}

export function progressList(form: HTMLFormElement): HTMLElement {
  const marked = form.querySelector<HTMLElement>("[data-photo-travel-progress]");
  if (marked) return marked;
  const list = document.createElement("ol");
  list.setAttribute("aria-live", "polite");
  list.dataset.photoTravelProgress = "";
  // appendChild: the Workers types give Element an append() of their own (HTMLRewriter).
  form.appendChild(list);
  return list;
}

/** One photo to send: under which field, with which other fields, named how on its line. */
export interface PhotoToSend {
  file: File;
  /** The field the photo goes under. */
  field: string;
  /** The form's other fields, sent with it. */
  fields: readonly [string, string][];
  /** The start of its line ("Photo 2 of 5 (IMG_0412.HEIC)"). */
  start: string;
  /** Told once the server answered: added, or refused (a failed send is offered again instead). */
  onAnswer?: (kind: "added" | "refused") => void;
}

export interface PhotoSender {
  send(photo: PhotoToSend): void;
  /** Photos still to be answered (a failed one waiting for its retry is not). */
  pending(): number;
  /** Settles once every photo sent so far has its answer or has failed. */
  idle(): Promise<void>;
}

/**
 * Sends photos to `address` one by one, each made smaller first, each with a line in `list`;
 * `onDone(added)` is called whenever the last photo in flight is answered and some were added.
 */
export function photoSender(address: string, list: HTMLElement, onDone: (added: number) => void): PhotoSender {
  /** Photos go one after another, retries too: one photo at a time has the whole uplink. */
  let queue = Promise.resolve();
  /**
   * Photos are made smaller one after another too, but ahead of the sends: the next is drawn while
   * the last is on the wire, so the phone's work and the uplink's overlap. One at a time, because
   * each drawn 12-megapixel photo holds about 48 MB of pixels.
   */
  let shrinking: Promise<unknown> = Promise.resolve();
  let pending = 0;
  let added = 0;

  const send = ({ file, field, fields, start, onAnswer }: PhotoToSend) => {
    const line = document.createElement("li");
    const text = document.createElement("span");
    line.appendChild(text);
    list.appendChild(line);
    const say = (state: string) => (text.textContent = `${start}: ${state}`);
    say(words.waiting);
    const travelling = shrinking.then(() => {
      say(words.shrinking);
      return lightenPhoto(file).then((photo) => {
        say(words.waiting);
        return photo;
      });
    });
    shrinking = travelling.catch(() => undefined);
    const attempt = () => {
      pending += 1;
      queue = queue.then(async () => {
        const photo = await travelling;
        const body = new FormData();
        for (const [name, value] of fields) body.append(name, value);
        body.append(field, photo, photo.name);
        say(words.sending(0));
        const answer = await post(address, body, (percent) => say(words.sending(percent)));
        if (answer.kind === "failed") {
          say(words.failed);
          const retry = document.createElement("button");
          retry.type = "button";
          retry.className = "button button--ghost";
          retry.textContent = words.retry;
          // Several lines may fail: the button's name says which photo it sends.
          retry.setAttribute("aria-label", `${words.retry}: ${start}`);
          retry.addEventListener("click", () => {
            retry.remove();
            say(words.waiting);
            attempt();
          });
          line.appendChild(document.createTextNode(" "));
          line.appendChild(retry);
        } else {
          say(`${answer.kind === "added" ? words.sent : words.refused} ${answer.message}`);
          if (answer.kind === "added") added += 1;
          onAnswer?.(answer.kind);
        }
        pending -= 1;
        if (pending === 0 && added > 0) {
          onDone(added);
          added = 0;
        }
      });
    };
    attempt();
  };
  return { send, pending: () => pending, idle: () => queue };
}

function enhance(form: HTMLFormElement, address: string) {
  const input = form.querySelector<HTMLInputElement>("input[type=file]");
  if (!input) return;
  const list = progressList(form);
  const sender = photoSender(address, list, (added) =>
    form.dispatchEvent(new CustomEvent(photoTravelDone, { detail: { added } })),
  );

  form.addEventListener("submit", (event) => {
    const files = [...(input.files ?? [])];
    // None chosen: the plain post goes, and the server says to choose one.
    if (files.length === 0) return;
    event.preventDefault();
    const fields = otherFields(form, input, event.submitter);
    // A new choice starts a new list, unless photos of the last one are still going.
    if (sender.pending() === 0) list.replaceChildren();
    files.forEach((file, index) =>
      sender.send({ file, field: input.name, fields, start: words.photo(index + 1, files.length, file.name) }),
    );
    // Chosen again from empty, so a second tap on the button cannot send the same photos twice.
    input.value = "";
  });
}

/** Makes every form marked `data-photo-travel` under `root` send its photos light and one by one. */
export function enhancePhotoForms(root: ParentNode = document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-photo-travel]")) {
    enhance(form, form.dataset.photoTravel || form.action);
  }
}
