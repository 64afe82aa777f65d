import { withoutInvisibleCharacters } from "~/lib/visitor-fields";

/**
 * What starts every line a customer typed, wherever staff read it. Their text then never begins a
 * line of its own, so it cannot pass for the site's lines: not for a label ("From: …") at the start
 * of a line, nor for the site's indented prices and commands, which never carry the bar. The bar
 * suits those commands too: copied into a shell, a line starting with "|" is a syntax error and
 * runs nothing, where the usual "> " of e-mail quotes would redirect into a file.
 */
export const customerLineMark = "  | ";

/**
 * Every way a line may end in what a customer sends. A lone CR or a Unicode line or paragraph
 * separator would otherwise start a new, unmarked line in the mail client's view of the text.
 */
const lineEnds = /\r\n|[\n\r\u2028\u2029]/;

/**
 * Text a customer typed, quoted for staff: a caption the site writes, naming the field, then each
 * of their lines behind the mark. Whatever wrote around it, a booking's announcement or the staff
 * e-mail, puts such quotes after all of its own lines, the commands included, so nothing the
 * customer wrote sits between the site's facts and its commands.
 */
export function quotedCustomerWords(field: string, typed: string): string {
  const lines = withoutInvisibleCharacters(typed, "message").split(lineEnds);
  return [
    `${field}, typed by the customer on the website (their words, not checked):`,
    ...lines.map((line) => `${customerLineMark}${line}`),
  ].join("\n");
}
