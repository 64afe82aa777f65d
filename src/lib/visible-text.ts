/**
 * Stored text as a staff command prints it and a staff page shows it: a visitor's or an import's
 * text can carry escape sequences that set the terminal's title, move the cursor or print fake
 * figures over real ones, and text-direction marks that make a page read "0001$" for "$1000", so
 * every command and staff page shows each control or invisible character as an escape instead.
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

/**
 * Text of our own with line breaks (a message that lists refusals one a line) around stored
 * values: each line made visible, the breaks kept as breaks. A stored value's own line breaks are
 * made visible where it is put into a line, so theirs show as \n.
 */
export function visibleLines(text: string): string {
  return text
    .split("\n")
    .map((line) => visibleText(line))
    .join("\n");
}
