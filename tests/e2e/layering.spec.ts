import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { expect, test } from "@playwright/test";

/**
 * The layering check (`npm run layers`, part of `npm test`) passes on the code as it is and fails
 * as soon as someone adds an import that runs the wrong way. Tried on a copy, never on the tree.
 */

const projectRoot = path.resolve(import.meta.dirname, "../..");
const copied = ["src", "worker", "scripts", "tsconfig.json", ".dependency-cruiser.cjs", "package.json"];

function copyOfProject(): string {
  const copy = mkdtempSync(path.join(tmpdir(), "layering-"));
  for (const entry of copied) cpSync(path.join(projectRoot, entry), path.join(copy, entry), { recursive: true });
  symlinkSync(path.join(projectRoot, "node_modules"), path.join(copy, "node_modules"));
  return copy;
}

function checkLayers(folder: string) {
  const result = spawnSync("npm", ["run", "layers"], { cwd: folder, encoding: "utf8" });
  // Without colour codes, which dependency-cruiser adds when the runner's environment asks for them.
  return { status: result.status, output: stripVTControlCharacters(`${result.stdout}\n${result.stderr}`) };
}

test("the floors hold, and each kind of wrong-way import fails the check @desktop", async () => {
  test.setTimeout(120_000);
  const copy = copyOfProject();
  try {
    const clean = checkLayers(copy);
    expect(clean.status, clean.output).toBe(0);

    const wrongWays: [file: string, line: string, rule: string][] = [
      ["src/config/site.ts", 'import "~/features/home/HomePage";', "config-is-the-ground"],
      ["src/ui/PageHero.tsx", 'import "~/shell/Footer";', "ui-and-seo-use-leaves-only"],
      ["src/server/db.server.ts", 'import "~/features/catalogue/catalogue.server";', "server-has-no-feature-code"],
      ["src/features/towns/TownPage.tsx", 'import "~/features/policies/PolicyPage";', "features-stay-apart"],
      [
        "src/features/catalogue/vehicle.ts",
        'import "~/features/contact/contact-rules";',
        "catalogue-uses-financing-photos-only",
      ],
      ["src/features/about/AboutPage.tsx", 'import "~/routes/about";', "features-never-import-the-top"],
      [
        "src/features/catalogue/InventoryPage.tsx",
        'import "~/features/catalogue-upkeep/catalogue-writes.server";',
        "catalogue-uses-financing-photos-only",
      ],
      ["scripts/staff/d1.ts", 'import "../test-runner/chromium";', "scripts-staff-uses-shared"],
    ];
    // All of them in one copy and one run: dependency-cruiser reports every violation with its rule
    // and the importing file, so each one is checked by its own line of the output.
    const broken = copyOfProject();
    try {
      for (const [file, line] of wrongWays) appendFileSync(path.join(broken, file), `\n${line}\n`);
      const result = checkLayers(broken);
      expect(result.status).not.toBe(0);
      for (const [file, line, rule] of wrongWays) {
        expect(result.output, `${file} ${line}`).toMatch(new RegExp(`${rule}: ${file.replace(/[.]/g, "\\.")} `));
      }
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

test("the pages visitors read sit apart from the statements that change the catalogue @desktop", () => {
  // A newcomer changing what an import writes opens catalogue-upkeep; the folder of the public
  // pages holds no INSERT or UPDATE of a vehicle and no spreadsheet library.
  const folder = path.join(projectRoot, "src/features/catalogue");
  const writers = readdirSync(folder).filter((name) =>
    /\b(INSERT\s+INTO|UPDATE)\s+vehicles\b|\.(insert|update)\(vehicles\)|from "csv-/i.test(
      readFileSync(path.join(folder, name), "utf8"),
    ),
  );
  expect(writers).toEqual([]);
  expect(readdirSync(folder)).toContain("InventoryPage.tsx");
  const scripts = readdirSync(path.join(projectRoot, "scripts"), { withFileTypes: true });
  expect(scripts.filter((entry) => entry.isFile() && entry.name.endsWith(".ts")).map((entry) => entry.name)).toEqual(
    [],
  );
  expect(scripts.map((entry) => entry.name)).not.toContain("lib");
});
