import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, headlessShellPath } from "./scripts/test-runner/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://localhost:${port}`;

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };
const staffSpecs = [
  "e2e/staff-commands.spec.ts",
  "e2e/bookings-commands.spec.ts",
  "e2e/staff-retries.spec.ts",
  "e2e/staff-pages.spec.ts",
  "e2e/staff-vehicles.spec.ts",
  "e2e/staff-photo-travel.spec.ts",
  "e2e/rental-paperwork.spec.ts",
  "e2e/deposits.spec.ts",
  "e2e/trade-ins.spec.ts",
  "e2e/trade-in-photo-travel.spec.ts",
];

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
  // A page that answers in 200 ms on an idle machine can take several seconds while the other worker
  // builds a project copy or drives a second browser: a wait that fails then says nothing about
  // the site. Fifteen seconds is still far below what a visitor would call broken.
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    launchOptions: { executablePath: headlessShellPath, args: chromiumArgs },
    trace: "off",
  },
  projects: [
    // The staff's commands and pages share one copy of the project serving `npm start`
    // (tests/support/staff-project.ts), so their files run one after another in one worker. First in
    // the list so that its long chain starts first.
    { name: "staff", testMatch: staffSpecs, workers: 1, use: desktop },
    // Tests tagged @phone are about phone-only controls (the drawer) and run at phone width only.
    { name: "desktop", testIgnore: staffSpecs, use: desktop, grepInvert: /@phone/ },
    { name: "phone", testIgnore: staffSpecs, use: { ...devices["Pixel 7"] }, grepInvert: /@desktop/ },
  ],
  webServer: {
    // Warnings and errors only: at info level local workerd reports each request to this Node process.
    command: `vite preview --port ${port} --strictPort --logLevel warn`,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: {
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_STATE_DIR: process.env.WRANGLER_STATE_DIR ?? ".wrangler/e2e-state",
    },
  },
});
