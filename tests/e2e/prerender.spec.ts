import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { prerenderedPaths } from "~/config/pages";

const clientDirectory = path.resolve(process.env.BUILD_DIR ?? "build", "client");

test("the build holds pre-rendered HTML for every town, policy and plain content page @desktop", () => {
  const pages = prerenderedPaths.map((address) => address.slice(1));
  // Towns, policies, and privacy, terms, services, financing, rentals, thank-you, the road-use guide,
  // storage.
  expect(pages).toHaveLength(35 + 11 + 8);
  for (const page of pages) {
    const file = path.join(clientDirectory, page, "index.html");
    expect(existsSync(file), file).toBe(true);
    const html = readFileSync(file, "utf8");
    expect(html, page).toContain("<h1");
    expect(html, page).not.toContain("Redirecting");
    expect(html, `${page} should ship no script`).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
  }
});
