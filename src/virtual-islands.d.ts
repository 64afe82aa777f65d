/** Island name -> its script and every chunk that script imports (scripts/vite-plugins/islands.ts). */
declare module "virtual:islands" {
  export const islandScripts: Readonly<Record<string, { src: string; imports: readonly string[] }>>;
}
