import { describe, expect, it } from "vitest";
import { limitRequestBody, requestBodyLimitBytes } from "~/server/request-body.server";

/** A body sent in chunks with no declared length, counting what the server pulled from it. */
function chunkedBody(totalBytes: number, chunkBytes = 16 * 1024) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const size = Math.min(chunkBytes, totalBytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
  return { stream, sent: () => sent };
}

describe("the request body limit", () => {
  it("passes a body within the limit through, byte for byte", async () => {
    const text = JSON.stringify({ message: "Ünïcödé ".repeat(500) });
    const checked = await limitRequestBody(
      new Request("https://example.com/api/contact", { method: "POST", body: text }),
    );
    expect(checked).toBeInstanceOf(Request);
    expect(await (checked as Request).text()).toBe(text);
  });

  it("leaves requests without a body alone", async () => {
    const request = new Request("https://example.com/");
    expect(await limitRequestBody(request)).toBe(request);
  });

  it("refuses a declared oversized body with a JSON 413 after reading all of it", async () => {
    const body = chunkedBody(1_000_000);
    const request = new Request("https://example.com/contact", {
      method: "POST",
      body: body.stream,
      headers: { "Content-Length": "1000000" },
      duplex: "half",
    } as RequestInit);
    const answer = await limitRequestBody(request);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(413);
    expect(((await (answer as Response).json()) as { error: string }).error).toMatch(/too large/);
    expect(body.sent()).toBe(1_000_000);
  });

  it("refuses an undeclared body once it passes the limit, and drains the rest", async () => {
    const body = chunkedBody(requestBodyLimitBytes * 4);
    const request = new Request("https://example.com/consent", {
      method: "POST",
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    const answer = await limitRequestBody(request);
    expect((answer as Response).status).toBe(413);
    expect(body.sent()).toBe(requestBodyLimitBytes * 4);
  });
});
