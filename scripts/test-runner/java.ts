import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** The HTML checker (vnu-jar) runs on Java; install Debian's headless runtime when it is missing. */
export function ensureJava(): boolean {
  if (spawnSync("java", ["-version"]).status === 0) return true;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("Java is missing: installing Debian's default-jre-headless...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    spawnSync("apt-get", ["install", "-y", "-qq", "default-jre-headless"], { stdio: "inherit", env });
    if (spawnSync("java", ["-version"]).status === 0) return true;
  }
  console.error(
    "No Java runtime for the HTML checker. Install one with:\n  sudo apt-get install -y default-jre-headless",
  );
  return false;
}
