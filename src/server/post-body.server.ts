import { limitRequestBody } from "./request-body.server";

/** Why a body was not read: the status and the sentence to show. A class, so no parsed body can pose as one. */
export class BodyRefusal {
  constructor(
    readonly status: 400 | 413 | 415,
    readonly error: string,
  ) {}
}

const refuse = (status: BodyRefusal["status"], error: string) => new BodyRefusal(status, error);

export const formContentTypes = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
const jsonContentType = /^\s*application\/json\s*(;|$)/i;

async function within(request: Request, limitBytes: number): Promise<Request | BodyRefusal> {
  const limited = await limitRequestBody(request, limitBytes);
  if (limited instanceof Request) return limited;
  return refuse(413, `The message is too large (limit ${limitBytes / 1024} KB)`);
}

/** A form post's fields, read within the endpoint's limit; anything else is refused with a 4xx. */
export async function readFormBody(request: Request, limitBytes: number): Promise<FormData | BodyRefusal> {
  if (!formContentTypes.test(request.headers.get("Content-Type") ?? "")) {
    return refuse(415, "Send the form as application/x-www-form-urlencoded or multipart/form-data");
  }
  const limited = await within(request, limitBytes);
  if (limited instanceof BodyRefusal) return limited;
  try {
    return await limited.formData();
  } catch {
    // The runtime's parser throws on a broken multipart body or an unknown charset: the sender's fault.
    return refuse(400, "The form data could not be read");
  }
}

/** A JSON object, read within the endpoint's limit; anything else is refused with a 4xx. */
export async function readJsonObject(
  request: Request,
  limitBytes: number,
): Promise<Record<string, unknown> | BodyRefusal> {
  if (!jsonContentType.test(request.headers.get("Content-Type") ?? "")) {
    return refuse(415, "Send the message as application/json");
  }
  const limited = await within(request, limitBytes);
  if (limited instanceof BodyRefusal) return limited;
  let parsed: unknown;
  try {
    parsed = JSON.parse(await limited.text());
  } catch {
    return refuse(400, "The body is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return refuse(400, "The body must be a JSON object");
  }
  return parsed as Record<string, unknown>;
}
