/** Island name -> the URL of its script (scripts/lib/islands.ts). */
declare module "virtual:islands" {
  export const islandScripts: Readonly<Record<string, string>>;
}
