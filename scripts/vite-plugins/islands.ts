/**
 * The islands: the small scripts that make one part of a server-rendered page live (a form's
 * checks, a calculator's figures) on the few pages that need it, instead of hydrating the whole app.
 * Each is a `*.island.ts` file beside its feature, named after the route module whose page loads
 * it (`src/features/contact/contact.island.ts` for `routes/contact.tsx`).
 *
 * Each island is bundled on its own, with everything it imports, into one file, hashed like every
 * other asset, and the server reads the built names from `virtual:islands`. Built as entries of the
 * client build, the islands shared chunks with each other and with the route modules (the form
 * rules, the paths), so `/rentals/book` loaded 6.7 KB in 9 files and its LCP waited on them (issue
 * 55): one file is one request, with nothing for the browser to discover after it arrives. Under
 * `react-router dev` the same module names the source files, which Vite serves.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { build, type Plugin, type Rolldown } from "vite";

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

/** What a page with an island names in its HTML: the island's one file. */
interface IslandScript {
  src: string;
}

/**
 * One island and all it imports as a single script, built apart from the client build so that no
 * module is shared with another island or a route module. Built without a config file: the
 * project's would start the Cloudflare and React Router plugins again for a plain script.
 */
async function bundleIsland(root: string, file: string, target: unknown): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    mode: "production",
    logLevel: "warn",
    publicDir: false,
    resolve: { tsconfigPaths: true },
    build: {
      write: false,
      target: target as string[],
      modulePreload: false,
      rolldownOptions: { input: path.join(root, file), output: { format: "es", codeSplitting: false } },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((result) => result.output).filter((item) => item.type === "chunk");
  if (chunks.length !== 1) throw new Error(`The ${file} island built into ${chunks.length} files, not one`);
  return chunks[0]!.code;
}

export function islands(): Plugin {
  let root = process.cwd();
  let command: "build" | "serve" = "build";
  let target: unknown;
  let islandFiles = new Map<string, string>();
  /** Asset reference ids of the client build, then the built files the server build reads. */
  const references = new Map<string, string>();
  const builtScripts = new Map<string, IslandScript>();
  return {
    name: "islands",
    configResolved(config) {
      root = config.root;
      command = config.command;
      target = config.build.target;
      islandFiles = findIslands(root);
    },
    async buildStart() {
      if (this.environment.name !== "client" || command !== "build") return;
      for (const [name, file] of islandFiles) {
        const source = await bundleIsland(root, file, target);
        references.set(name, this.emitFile({ type: "asset", name: `${name}-island.js`, source }));
      }
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const [name, reference] of references) builtScripts.set(name, { src: `/${this.getFileName(reference)}` });
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
        if (command === "serve") scripts[name] = { src: `/${file}` };
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
