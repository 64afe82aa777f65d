// Relative imports: React Router and Vite load this file from their configs, outside the "~/" alias.
import { policyLinks, policyPath } from "../policies/policy-list.ts";
import { towns, townPath } from "../towns/towns.ts";

/**
 * Pages built once at release time and served as plain files by the asset layer. They carry no
 * scripts, so a link into one is an ordinary document load: the browser starts it at the top and
 * the asset layer answers it exactly as it answers a typed address.
 */
export const prerenderedPaths: readonly string[] = [
  "/privacy",
  "/terms",
  ...policyLinks.map(policyPath),
  ...towns.map(townPath),
];

/**
 * Other names of a page, answered with a 301 to its canonical address (the footer publishes both
 * names of the privacy and terms documents). The asset layer's `_redirects` file is written from
 * this list, and the router knows them too, so no way of reaching them shows Not Found.
 */
export const permanentRedirects: readonly { from: string; to: string }[] = [
  { from: "/privacy-policy", to: "/privacy" },
  { from: "/terms-of-service", to: "/terms" },
];

const documentPaths = new Set([...prerenderedPaths, ...permanentRedirects.map((alias) => alias.from)]);

/** True when a link to `to` must load a new document rather than render in place. */
export function loadsAsDocument(to: string): boolean {
  const path = to.split(/[?#]/, 1)[0] ?? to;
  return documentPaths.has(path);
}

export function permanentRedirectTarget(pathname: string): string | null {
  return permanentRedirects.find((alias) => alias.from === pathname)?.to ?? null;
}

/** The asset layer's `_redirects` file: one `from to 301` line per alias. */
export function redirectsFile(): string {
  const lines = permanentRedirects.map((alias) => `${alias.from} ${alias.to} 301`);
  return `# Written at build time from src/features/layout/document-pages.ts.\n${lines.join("\n")}\n`;
}
