/**
 * Stored text as a staff command prints it: a visitor's or an import's text can carry escape
 * sequences that set the terminal's title, move the cursor or print fake figures over real ones,
 * so every command shows each control or invisible character as an escape instead of sending it.
 */

// C0 and C1 controls, DEL, and the invisible marks that reorder or hide text (bidi overrides and
// isolates, zero-width characters, the byte-order mark): a stored value shows each as an escape.
const hidden = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/gu;
const named: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** `text` with every control or invisible character written as an escape (\n, \u202e). */
export function visibleText(text: string): string {
  return text.replace(
    hidden,
    (character) => named[character] ?? `\\u${character.codePointAt(0)!.toString(16).padStart(4, "0")}`,
  );
}
