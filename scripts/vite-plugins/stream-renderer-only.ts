import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * The Worker renders pages with `renderToReadableStream` alone (src/entry.server.tsx). React's
 * `react-dom/server` entry for workerd is CommonJS that loads both the streaming renderer and the
 * legacy one (`renderToString`), and a CommonJS module cannot be tree-shaken: the legacy renderer
 * was about 250 KB of the uploaded script, used by nothing. In a build, this resolves
 * `react-dom/server` in the Worker's environment to the streaming renderer's own production file
 * of the installed React, the file that entry itself loads for it. Development keeps React's
 * entry (and its development builds) as it is.
 */
const require = createRequire(import.meta.url);

export function streamRendererOnly(): Plugin {
  return {
    name: "stream-renderer-only",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "ssr",
    resolveId(source) {
      if (source !== "react-dom/server") return null;
      const entry = require.resolve("react-dom/package.json");
      return path.join(path.dirname(entry), "cjs", "react-dom-server.edge.production.js");
    },
  };
}
