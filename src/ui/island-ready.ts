/**
 * Marks the page live once its island has attached its listeners: until then a click is a plain
 * document load or form post (which works, by design). Tests wait for this mark before testing
 * what the script does (tests/support/island.ts).
 */
export function markIslandLive(): void {
  document.documentElement.dataset.island = "live";
}
