/**
 * The islands: the small scripts that make one part of a server-rendered page live (a form's
 * checks, a calculator's figures) on the few pages that need it, instead of hydrating the whole app.
 * Each is a `*.island.ts` file beside its feature, named after the route module whose page loads
 * it (`src/features/contact/contact.island.ts` for `routes/contact.tsx`).
 *
 * The client build emits each as a chunk of its own, hashed like every other asset, and the server
 * reads the built names from `virtual:islands`; under `react-router dev` the same module names the
 * source files, which Vite serves.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const virtualId = "virtual:islands";
const resolvedVirtualId = `\0${virtualId}`;

/** Island name -> its source file, relative to the project root ("src/features/…/x.island.ts"). */
function findIslands(root: string): Map<string, string> {
  const islands = new Map<string, string>();
  const features = path.join(root, "src", "features");
  for (const feature of readdirSync(features, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    for (const file of readdirSync(path.join(features, feature.name))) {
      const name = /^(.+)\.island\.ts$/.exec(file)?.[1];
      if (!name) continue;
      if (islands.has(name)) throw new Error(`Two islands are named ${name}`);
      islands.set(name, path.posix.join("src", "features", feature.name, file));
    }
  }
  return islands;
}

export function islands(): Plugin {
  let root = process.cwd();
  let command: "build" | "serve" = "build";
  let islandFiles = new Map<string, string>();
  /** Chunk reference ids of the client build, then the built URLs the server build reads. */
  const references = new Map<string, string>();
  const builtUrls = new Map<string, string>();
  return {
    name: "islands",
    configResolved(config) {
      root = config.root;
      command = config.command;
      islandFiles = findIslands(root);
    },
    buildStart() {
      if (this.environment.name !== "client" || command !== "build") return;
      for (const [name, file] of islandFiles) {
        references.set(name, this.emitFile({ type: "chunk", id: path.join(root, file), name: `${name}-island` }));
      }
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const [name, reference] of references) builtUrls.set(name, `/${this.getFileName(reference)}`);
    },
    resolveId(id) {
      return id === virtualId ? resolvedVirtualId : undefined;
    },
    load(id) {
      if (id !== resolvedVirtualId) return undefined;
      // The client build compiles root.tsx too, but no browser runs that copy: it names nothing.
      if (this.environment.name === "client") return "export const islandScripts = {};";
      const urls: Record<string, string> = {};
      for (const [name, file] of islandFiles) {
        if (command === "serve") urls[name] = `/${file}`;
        else {
          // The client build runs before the server's (React Router's buildApp), so its names are known.
          const url = builtUrls.get(name);
          if (!url) throw new Error(`The client build did not emit the ${name} island`);
          urls[name] = url;
        }
      }
      return `export const islandScripts = ${JSON.stringify(urls)};`;
    },
  };
}
