/** Escapes text for HTML or XML: the five characters that could open or close markup. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
