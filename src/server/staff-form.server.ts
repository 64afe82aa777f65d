/**
 * The form a staff page posted, or the answer that refuses it: a post from another site (403), a
 * body that is not a form (415), or a form that cannot be read (400). Staff pages post plain forms,
 * URL-encoded or, with photos, multipart; nothing else reaches their actions.
 *
 * A page's action throws the refusal (`staffPageForm`) rather than returning it: a returned
 * response becomes the page's action data, which the page cannot show, so a text or JSON post
 * crashed the render into a 500. Thrown, it reaches the route's error boundary with its own status.
 */
import { isSameOrigin } from "./same-origin.server";

const formTypes = ["application/x-www-form-urlencoded", "multipart/form-data"];

const refusal = (status: number, text: string) =>
  new Response(`${text} Nothing was changed.\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function readStaffForm(request: Request): Promise<FormData | Response> {
  if (!isSameOrigin(request)) return refusal(403, "Requests from other sites are not accepted.");
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!formTypes.includes(type)) return refusal(415, `A staff page posts a form (${formTypes.join(" or ")}).`);
  try {
    return await request.formData();
  } catch {
    return refusal(400, "The form could not be read.");
  }
}

/** For a staff page's action: the form, or the refusal thrown for the page's error boundary to show. */
export async function staffPageForm(request: Request): Promise<FormData> {
  const form = await readStaffForm(request);
  if (form instanceof Response) throw form;
  return form;
}
