import { visibleText } from "~/lib/visible-text";

/**
 * Text a staff command prints, line by line with each line's control characters made visible
 * (visibleText): the command's own line breaks stay breaks, and no escape sequence reaches the
 * terminal. Values that may hold a line break of their own are made visible where they are put
 * in a line (a table's cells), so theirs shows as \n.
 */
export function visibleLines(text: string): string {
  return text
    .split("\n")
    .map((line) => visibleText(line))
    .join("\n");
}
