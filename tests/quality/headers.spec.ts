import { expect, test, type Page } from "@playwright/test";
import { pageTypes } from "../support/page-types";
import { scriptTagsIn } from "../support/script-tags";

function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(" ")];
      }),
  );
}

test("every HTML answer carries the security headers, and every script the response's fresh nonce @desktop", async ({
  request,
}) => {
  const nonces = new Set<string>();
  for (const { path, isPlain } of pageTypes) {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await request.get(path);
      const headers = response.headers();
      const policy = directives(headers["content-security-policy"] ?? "");
      expect(policy.get("object-src"), path).toBe("'none'");
      expect(policy.get("base-uri"), path).toBe("'none'");
      expect(policy.get("frame-ancestors"), path).toBe("'none'");
      expect(
        Number(/max-age=(\d+)/.exec(headers["strict-transport-security"] ?? "")?.[1]),
        path,
      ).toBeGreaterThanOrEqual(31536000);
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBeTruthy();
      expect(headers["permissions-policy"], path).toBeTruthy();
      const html = await response.text();
      const scripts = scriptTagsIn(html);
      if (isPlain) {
        expect(policy.get("script-src"), path).toBe("'none'");
        expect(scripts, path).toEqual([]);
        continue;
      }
      const nonce = /'nonce-([^']+)'/.exec(policy.get("script-src") ?? "")?.[1];
      expect(nonce, path).toBeTruthy();
      expect(Buffer.from(nonce!, "base64").length, path).toBeGreaterThanOrEqual(16);
      expect(nonces.has(nonce!), `${path} repeated a nonce`).toBe(false);
      nonces.add(nonce!);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
    }
  }
});

function recordViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  return violations;
}

test("the browser reports no CSP violation on any page type", async ({ page }) => {
  // Some twenty page types, each loaded until the network is idle: past 30 s on a busy machine.
  test.setTimeout(90_000);
  const violations = recordViolations(page);
  for (const { path } of pageTypes) {
    await page.goto(path, { waitUntil: "networkidle" });
  }
  expect(violations).toEqual([]);
});

test("the browser reports no CSP violation on any address in the sitemap @desktop", async ({ page, request }) => {
  test.setTimeout(300_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  // Pages, policies, towns and vehicles from the catalogue are all there.
  for (const path of ["/", "/policies/return-policy", "/montrose-golf-carts", "/vehicle/evolution-d6-max-xt4"]) {
    expect(paths).toContain(path);
  }
  const violations = recordViolations(page);
  for (const path of paths) {
    const response = await page.goto(path, { waitUntil: "load" });
    expect(response?.status(), path).toBe(200);
  }
  expect(violations).toEqual([]);
});

test("an inline script injected into a page does not run @desktop", async ({ page }) => {
  await page.route("**/services", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace("</main>", "<script>window.__injected = true</script></main>");
    await route.fulfill({ response, body: html });
  });
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) blocked.push(message.text());
  });
  await page.goto("/services");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  expect(blocked.length).toBeGreaterThan(0);
});
