/**
 * One size rule for every request body the Worker takes (the contact API, the contact form, the
 * consent form). The largest real body is a contact form of 5,000 characters, which percent-encoding
 * can triple; anything past the limit is refused with 413.
 *
 * A refused body is still read to its end (up to a generous cap) before the answer goes out: a
 * server that answers while the client is still sending breaks the connection, and the client, or
 * the local proxy in front of workerd, then reports a network failure instead of our 413.
 */
import { requestLimits } from "~/config/request-limits";

export const requestBodyLimitBytes = requestLimits.anyBody;
const drainCapBytes = 32 * 1024 * 1024;

export function bodyTooLarge(limitBytes = requestBodyLimitBytes): Response {
  return Response.json({ error: `The request body is too large (limit ${limitBytes / 1024} KB)` }, { status: 413 });
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  let total = alreadyRead;
  while (total <= drainCapBytes) {
    const { done, value } = await reader.read();
    if (done) return;
    total += value.byteLength;
  }
  await reader.cancel();
}

/**
 * The request with its body read into memory when it is within the limit, or the 413 to send.
 * Requests without a body pass through untouched. Endpoints pass a tighter limit of their own.
 */
export async function limitRequestBody(
  request: Request,
  limitBytes = requestBodyLimitBytes,
): Promise<Request | Response> {
  if (!request.body) return request;
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  const reader = request.body.getReader();
  if (declared > limitBytes) {
    await drain(reader, 0);
    return bodyTooLarge(limitBytes);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await drain(reader, size);
      return bodyTooLarge(limitBytes);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new Request(request, { body });
}
