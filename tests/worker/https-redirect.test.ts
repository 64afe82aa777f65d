import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { httpsRedirect } from "~/server/https-redirect";
import worker from "../../worker/index";

describe("plain http", () => {
  it("is sent permanently to the same address over https, query and all", () => {
    for (const method of ["GET", "HEAD", "POST"]) {
      const answer = httpsRedirect(new Request("http://www.example.com/inventory?brand=DENAGO", { method }));
      expect(answer?.status, method).toBe(301);
      expect(answer?.headers.get("Location"), method).toBe("https://www.example.com/inventory?brand=DENAGO");
    }
    expect(httpsRedirect(new Request("http://example.com/"))?.headers.get("Location")).toBe("https://example.com/");
  });

  it("leaves https alone", () => {
    expect(httpsRedirect(new Request("https://www.example.com/inventory"))).toBeNull();
  });

  it("leaves this machine alone, so npm start, vite preview and the tests work over http", () => {
    for (const address of ["http://localhost:8787/", "http://127.0.0.1:4173/contact", "http://[::1]:8787/"]) {
      expect(httpsRedirect(new Request(address)), address).toBeNull();
    }
  });

  it("is redirected by the Worker before anything else runs, with the security headers", async () => {
    // An oversized body too: the redirect comes first, before the body limit reads anything.
    const request = new Request("http://www.example.com/contact", { method: "POST", body: "x".repeat(70_000) });
    const incoming = request as Parameters<typeof worker.fetch>[0];
    const response = await worker.fetch(incoming, env as unknown as Env, createExecutionContext());
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("https://www.example.com/contact");
    expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
  });
});
