import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * The CRM leads are checked against the ADF DTD with libxml2's xmllint, the validator most CRM
 * importers are built on; install Debian's libxml2-utils when it is missing.
 */
export function ensureXmllint(): boolean {
  if (spawnSync("xmllint", ["--version"]).status === 0) return true;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("xmllint is missing: installing Debian's libxml2-utils...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    spawnSync("apt-get", ["install", "-y", "-qq", "libxml2-utils"], { stdio: "inherit", env });
    if (spawnSync("xmllint", ["--version"]).status === 0) return true;
  }
  console.error("No xmllint for the ADF lead check. Install it with:\n  sudo apt-get install -y libxml2-utils");
  return false;
}
