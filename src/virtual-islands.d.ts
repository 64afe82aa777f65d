/** Island name -> its one script, the island bundled with all it imports (scripts/vite-plugins/islands.ts). */
declare module "virtual:islands" {
  export const islandScripts: Readonly<Record<string, { src: string }>>;
}
