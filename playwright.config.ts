import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/lib/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://localhost:${port}`;

// End-to-end tests drive Debian's Chromium against the production build served by local workerd,
// on a database of its own (WRANGLER_STATE_DIR) that `npm test` migrates and seeds first.
export default defineConfig({
  // Behaviour (tests/e2e) and quality budgets (tests/quality): size, accessibility, HTML validity.
  testDir: "tests",
  testMatch: ["e2e/**/*.spec.ts", "quality/**/*.spec.ts"],
  outputDir: `test-results/playwright-${port}`,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.PLAYWRIGHT_REPORTER === "list,json" ? [["list"], ["json"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: "off",
  },
  projects: [
    // Tests tagged @phone are about phone-only controls (the drawer) and run at phone width only.
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      grepInvert: /@phone/,
    },
    { name: "phone", use: { ...devices["Pixel 7"] }, grepInvert: /@desktop/ },
  ],
  webServer: {
    command: `vite preview --port ${port} --strictPort`,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: {
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_STATE_DIR: process.env.WRANGLER_STATE_DIR ?? ".wrangler/e2e-state",
    },
  },
});
