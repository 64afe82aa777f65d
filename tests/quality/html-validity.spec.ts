import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { pageTypes } from "../support/page-types";

const require = createRequire(import.meta.url);
const vnuJar: string = require("vnu-jar");

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  lastLine?: number;
}

// The Nu HTML Checker (the W3C validator's engine) on the served HTML of every page type.
test("every page type is valid HTML @desktop", async ({ request }) => {
  test.setTimeout(120_000);
  const folder = mkdtempSync(path.join(tmpdir(), "html-validity-"));
  try {
    const files: string[] = [];
    for (const { name, path: pagePath } of pageTypes) {
      const response = await request.get(pagePath);
      const file = path.join(folder, `${name.replaceAll(/\W+/g, "-")}.html`);
      writeFileSync(file, await response.text());
      files.push(file);
    }
    const result = spawnSync("java", ["-jar", vnuJar, "--errors-only", "--format", "json", ...files], {
      encoding: "utf8",
    });
    expect(result.error, "java must be installed to run the HTML checker").toBeUndefined();
    const messages = (JSON.parse(result.stderr || '{"messages":[]}') as { messages: VnuMessage[] }).messages;
    const errors = messages
      .filter((message) => message.type === "error")
      .map((message) => `${path.basename(message.url)}:${message.lastLine ?? "?"} ${message.message}`);
    console.log(`\nHTML validity: ${files.length} pages checked, ${errors.length} errors\n`);
    expect(errors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
