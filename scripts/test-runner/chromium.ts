import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Debian's Chromium: Playwright cannot download its own browsers on this network. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags for a headless Chromium run as root on a machine with no outside network. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-default-apps",
];

/**
 * Installs Debian's chromium when it is missing and we are root on Debian; otherwise says exactly
 * what to run. Returns false when no browser can be had, so the caller fails loudly.
 */
export function ensureChromium(): boolean {
  if (existsSync(chromiumPath)) return true;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package (apt-get install -y chromium)...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const install = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
    if (install.status === 0 && existsSync(chromiumPath)) return true;
  }
  console.error(
    `No Chromium at ${chromiumPath}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n` +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
  return false;
}
