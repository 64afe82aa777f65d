import path from "node:path";
import { addressesOf, pages, type Page } from "~/config/pages";

/**
 * One page of each kind the site has, read from the page registry: what the quality budgets (size,
 * accessibility, HTML validity, headers, Lighthouse) are measured on. A page added to the registry
 * is measured without touching the tests.
 */
export interface PageType {
  /** The route module's name: "home", "vehicle", "town", "policy", "not-found"… */
  name: string;
  path: string;
  /** A plain document: no JavaScript at all (every page the registry does not mark `island`). */
  isPlain: boolean;
}

const shownPages = pages.filter((page) => page.kind === "rendered" || page.kind === "prerendered");
/** Per route module, the entry that names an example, else the first. */
const representatives = new Map<string, Page>();
for (const page of shownPages) {
  const current = representatives.get(page.module);
  if (!current || (!current.example && page.example)) representatives.set(page.module, page);
}

export const pageTypes: readonly PageType[] = [...representatives.values()].flatMap((page) => {
  const example = page.example ?? addressesOf(page)[0]?.path;
  if (!example) throw new Error(`${page.path} needs an example address in the page registry`);
  return [{ name: path.basename(page.module).replace(/\.tsx?$/, ""), path: example, isPlain: !page.island }];
});

/** Every address of a plain page the registry knows at build time, and an example of each pattern. */
export const plainAddresses: readonly string[] = [
  ...new Set(
    shownPages
      .filter((page) => !page.island)
      .flatMap((page) => [
        ...addressesOf(page).map((address) => address.path),
        ...(page.example ? [page.example] : []),
      ]),
  ),
];

/** The kinds Lighthouse scores (it is slow, so one of each kind that differs in weight). */
const lighthouseKinds = ["home", "inventory", "vehicle", "contact", "eco-impact", "rental-booking", "town", "policy"];

export const lighthousePaths: readonly string[] = lighthouseKinds.map((kind) => {
  const found = pageTypes.find((type) => type.name === kind);
  if (!found) throw new Error(`No page of kind ${kind} in the page registry`);
  return found.path;
});
