import { describe, expect, it } from "vitest";
import {
  applySecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  staticAssetHeadersFile,
} from "~/server/security-headers";

describe("security headers", () => {
  it("makes a fresh nonce of at least 128 bits each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(atob(nonce).length).toBeGreaterThanOrEqual(16);
  });

  it("lets only nonce-bearing scripts run on rendered pages", () => {
    const policy = contentSecurityPolicy("abc");
    expect(policy).toContain("script-src 'nonce-abc' 'strict-dynamic'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-inline");
  });

  it("allows no script at all on static pages", () => {
    expect(contentSecurityPolicy(null)).toContain("script-src 'none'");
    expect(staticAssetHeadersFile()).toContain("script-src 'none'");
    expect(staticAssetHeadersFile()).toMatch(/\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/);
  });

  it("keeps the nonce policy a page already set and adds the rest", () => {
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "kept" });
    applySecurityHeaders(headers, null);
    expect(headers.get("Content-Security-Policy")).toBe("kept");
    expect(headers.get("Strict-Transport-Security")).toMatch(/max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(headers.get("Strict-Transport-Security") ?? "")?.[1])).toBeGreaterThanOrEqual(
      31536000,
    );
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
