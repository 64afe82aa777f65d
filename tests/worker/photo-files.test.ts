import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { answerPhotoRequest } from "~/features/photos/photo-files.server";

const key = "denago-ev-city/3f2a9c41d0-960.avif";
const bytes = new Uint8Array([0, 0, 0, 28, 102, 116, 121, 112, 97, 118, 105, 102]);

async function ask(path: string, init: RequestInit = {}) {
  return answerPhotoRequest(new Request(`https://dealer.test${path}`, init), env.PHOTOS);
}

describe("photos served from R2", () => {
  it("answers a stored photo with its type, a year-long immutable cache and its ETag", async () => {
    await env.PHOTOS.put(key, bytes);
    const response = await ask(`/photos/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/avif");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("ETag")).toMatch(/^"[^"]+"$/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);

    const head = await ask(`/photos/${key}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    expect(await head.text()).toBe("");
  });

  it("answers 304 to a browser that holds it, by weak comparison and in lists", async () => {
    await env.PHOTOS.put(key, bytes);
    const etag = (await ask(`/photos/${key}`)).headers.get("ETag")!;
    for (const presented of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const response = await ask(`/photos/${key}`, { headers: { "If-None-Match": presented } });
      expect(response.status, presented).toBe(304);
      expect(response.headers.get("ETag")).toBe(etag);
    }
    expect((await ask(`/photos/${key}`, { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
  });

  it("is a 404 for a name not stored, or not a photo name at all, and refuses writes", async () => {
    await env.PHOTOS.put("notes/private.txt", "not a photo");
    for (const path of [
      "/photos/denago-ev-city/missing-480.jpg",
      "/photos/notes/private.txt",
      "/photos/../secret.jpg",
      "/photos/%2e%2e/secret.jpg",
      "/photos/",
      "/photos/Upper.JPG",
      "/photos/%E0%A4%A-480.jpg",
    ]) {
      const response = await ask(path);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: string }).error).toBe("No such photo");
    }
    const post = await ask(`/photos/${key}`, { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD");
  });
});
