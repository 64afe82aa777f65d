/**
 * The form a staff page posted, or the answer that refuses it: a post from another site (403), a
 * body that is not a form (415), or a form that cannot be read (400). Staff pages post plain forms,
 * URL-encoded or, with photos, multipart; nothing else reaches their actions.
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
