/**
 * The vehicle the Lighthouse stage measures with a dozen staff photos, given them with the staff's
 * own command. Adding them encodes 120 renditions (about half a minute of both cores), so the stage
 * runs it while it scores the other pages' loads, which no CPU contention can change, never while
 * it loads a page.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { samplePhoto } from "../../tests/support/sample-photos";
import { runInTurn } from "../shared/run";

/** A pre-owned cart with a dozen staff photos: the heaviest vehicle page a dealer is likely to make. */
export const photographedVehicle = "ezgo-rxv-2019";
export const photoCount = 12;
export const photographedPath = `/vehicle/${photographedVehicle}`;

const catalogue = (stateDirectory: string, ...args: string[]): [string, string[]] => [
  "npm",
  ["run", "-s", "catalogue", "--", "photos", ...args, "--persist-to", stateDirectory],
];

/** Whether an earlier run on this database already gave the cart its photos. */
export async function hasPhotos(stateDirectory: string): Promise<boolean> {
  const listed = await runInTurn([catalogue(stateDirectory, "list", photographedVehicle)]);
  return new RegExp(`has ${photoCount} photos`).test(listed);
}

/** Adds the photos; resolves with what the command printed. */
export async function addPhotos(stateDirectory: string): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), "lighthouse-photos-"));
  try {
    const files: string[] = [];
    for (let index = 0; index < photoCount; index += 1) {
      const file = path.join(folder, `photo-${index + 1}.jpg`);
      // Wider than the largest rendition (1600), so every size is made, as from a phone's photo; the
      // page's weight is the renditions', whatever the original's size.
      writeFileSync(file, await samplePhoto({ colour: `hsl(${index * 30}, 55%, 45%)`, width: 2000, height: 1500 }));
      files.push(file);
    }
    return await runInTurn([catalogue(stateDirectory, "add", photographedVehicle, ...files)]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
