import type { Question } from "~/seo/structured-data";

/** A policy page as data: headed sections of paragraphs, lists and tables. */
export interface PolicyTable {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly string[])[];
}

export interface PolicySection {
  heading: string;
  paragraphs?: readonly string[];
  list?: readonly string[];
  table?: PolicyTable;
}

export interface PolicyDocument {
  slug: string;
  title: string;
  description: string;
  keywords: readonly string[];
  /** Most policies open with a hero banner; /terms is plain. */
  hero: boolean;
  intro: string;
  /** Shown on the page under the intro: the publishing policy promises every page states it. */
  effectiveDate: { text: string; iso: string };
  sections: readonly PolicySection[];
  /** Shown on the page under "Questions" and given to search engines as its FAQ data. */
  questions?: readonly Question[];
}
