/**
 * The islands: the small scripts that make one part of a server-rendered page live (a form's
 * checks, a calculator's figures) on the few pages that need it, instead of hydrating the whole app.
 * Each is a `*.island.ts` file beside its feature, named after the route module whose page loads
 * it (`src/features/contact/contact.island.ts` for `routes/contact.tsx`).
 *
 * The client build emits each as a chunk of its own, hashed like every other asset, and the server
 * reads the built names from `virtual:islands`, with every chunk the island imports, directly or not:
 * the page names them all (`modulepreload` links, which React puts in the head), so the browser fetches them beside the island instead
 * of one import level per round trip. Under `react-router dev` the same module names the source
 * files, which Vite serves.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Plugin, Rolldown } from "vite";

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

/** What a page with an island names in its HTML: the island's file and every chunk it imports. */
interface IslandScript {
  src: string;
  imports: string[];
}

/** The chunks `fileName` imports statically, directly or through another chunk, each once. */
function importedChunks(bundle: Rolldown.OutputBundle, fileName: string): string[] {
  const found = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (chunk?.type !== "chunk") return;
    for (const imported of chunk.imports) {
      if (found.has(imported)) continue;
      found.add(imported);
      visit(imported);
    }
  };
  visit(fileName);
  return [...found];
}

export function islands(): Plugin {
  let root = process.cwd();
  let command: "build" | "serve" = "build";
  let islandFiles = new Map<string, string>();
  /** Chunk reference ids of the client build, then the built files the server build reads. */
  const references = new Map<string, string>();
  const builtScripts = new Map<string, IslandScript>();
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
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const [name, reference] of references) {
        const fileName = this.getFileName(reference);
        builtScripts.set(name, {
          src: `/${fileName}`,
          imports: importedChunks(bundle, fileName).map((file) => `/${file}`),
        });
      }
    },
    resolveId(id) {
      return id === virtualId ? resolvedVirtualId : undefined;
    },
    load(id) {
      if (id !== resolvedVirtualId) return undefined;
      // The client build compiles root.tsx too, but no browser runs that copy: it names nothing.
      if (this.environment.name === "client") return "export const islandScripts = {};";
      const scripts: Record<string, IslandScript> = {};
      for (const [name, file] of islandFiles) {
        if (command === "serve") scripts[name] = { src: `/${file}`, imports: [] };
        else {
          // The client build runs before the server's (React Router's buildApp), so its names are known.
          const script = builtScripts.get(name);
          if (!script) throw new Error(`The client build did not emit the ${name} island`);
          scripts[name] = script;
        }
      }
      return `export const islandScripts = ${JSON.stringify(scripts)};`;
    },
  };
}
