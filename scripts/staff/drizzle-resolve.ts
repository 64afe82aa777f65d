/**
 * Loaded before each staff command (package.json: `tsx --import ./scripts/staff/drizzle-resolve.ts`),
 * for speed alone. Node 24.9 learns an ES module's format from its package's package.json and,
 * reading that file, parses its `exports` every time (getPackageScopeConfig spreads an object whose
 * lazy getter parses them). drizzle-orm's package.json is 179 KB and a command loads 368 of its
 * files: a second of CPU per command, paid again by every test that types one. Its files import one
 * another by relative paths to .js files, every one an ES module (its "type" is "module"): those are
 * resolved here without asking Node; every other import is Node's and tsx's as before.
 */
import { registerHooks } from "node:module";

const drizzleFolder = "/node_modules/drizzle-orm/";

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (
      parent?.startsWith("file:") &&
      parent.includes(drizzleFolder) &&
      /^\.\.?\/.*\.js$/.test(specifier) &&
      context.conditions.includes("import")
    ) {
      return { url: new URL(specifier, parent).href, format: "module", shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
