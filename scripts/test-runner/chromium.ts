import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Debian's Chromium, in the build each tool is meant for (Playwright cannot download its own browsers
 * on this network). Lighthouse scores pages in the whole browser, as PageSpeed Insights runs Chrome.
 * The browser tests drive Debian's headless shell of the same Chromium release (the package
 * `chromium-headless-shell`, the build Playwright itself uses for headless runs): the same Blink, V8
 * and DevTools protocol without the desktop browser's user interface, at 40 % of its CPU on the
 * axe and overflow specs here (docs/performance.md), on a test stage bound by the CPU.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

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
 * Installs a Debian Chromium package when its binary is missing and we are root on Debian;
 * otherwise says exactly what to run. Returns false when no browser can be had, so the caller fails
 * loudly. `chromium` for Lighthouse, `chromium-headless-shell` for the browser tests.
 */
export function ensureChromium(
  binary: string = chromiumPath,
  debianPackage: "chromium" | "chromium-headless-shell" = "chromium",
): boolean {
  if (existsSync(binary)) return true;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (isRoot && hasApt) {
    console.log(
      `${binary} is missing: installing Debian's ${debianPackage} package (apt-get install -y ${debianPackage})...`,
    );
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const install = spawnSync("apt-get", ["install", "-y", "-qq", debianPackage], { stdio: "inherit", env });
    if (install.status === 0 && existsSync(binary)) return true;
  }
  console.error(
    `No Chromium at ${binary}. Install it with:\n  sudo apt-get update && sudo apt-get install -y ${debianPackage}\n` +
      "or point CHROMIUM_PATH (Lighthouse) or CHROMIUM_HEADLESS_SHELL_PATH (browser tests) at a Chromium binary.",
  );
  return false;
}

/** The browser tests' Chromium: Debian's headless shell. */
export function ensureHeadlessShell(): boolean {
  return ensureChromium(headlessShellPath, "chromium-headless-shell");
}
