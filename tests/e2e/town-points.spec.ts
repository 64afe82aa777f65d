import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { sitemapPaths } from "~/config/pages";
import { towns } from "~/config/towns";

/**
 * The town data's provenance: the boroughs' points agree with the `zipcodes` data set (a Node-side
 * devDependency, so checked here rather than in workerd), and no page shows a census figure.
 */

const projectRoot = path.resolve(import.meta.dirname, "../..");

test("every borough's point is within 3 miles of its ZIP-code centroid, or reviewed @desktop", () => {
  test.setTimeout(60_000);
  const result = spawnSync("npx", ["tsx", "scripts/town-points/check-town-points.ts"], {
    cwd: projectRoot,
    encoding: "utf8",
  });
  const output = `${result.stdout}\n${result.stderr}`;
  expect(result.status, output).toBe(0);
  for (const town of towns.filter((each) => each.type === "Borough")) expect(output).toContain(town.name);
});

test("no page quotes a census or a population @desktop", async ({ request }) => {
  for (const address of sitemapPaths) {
    const response = await request.get(address);
    expect(response.status(), address).toBe(200);
    expect(await response.text(), address).not.toMatch(/census|population/i);
  }
});
