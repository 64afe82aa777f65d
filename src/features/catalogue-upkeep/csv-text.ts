import { windows1252fromString, windows1252toString } from "@exodus/bytes/single-byte.js";

/**
 * The text of a spreadsheet file, for the command and the staff page alike. Excel saves "CSV UTF-8"
 * as UTF-8 and its plain "CSV (Comma delimited)" in the computer's ANSI code page, Windows-1252 on
 * an American or Western European Windows; a file whose bytes are not UTF-8 is read as that, and
 * both say which it was. Nothing else is guessed: UTF-8 bytes are rarely valid by chance, and a
 * file with NUL bytes (UTF-16, Excel's "Unicode Text", or no text at all) is refused.
 */

export const csvEncodings = {
  "utf-8": "UTF-8",
  "windows-1252": 'Windows-1252 (Excel\'s plain "CSV (Comma delimited)")',
} as const;
export type CsvEncoding = keyof typeof csvEncodings;

export type CsvText = { ok: true; text: string; encoding: CsvEncoding } | { ok: false; problem: string };

export const notText =
  'is not a text CSV file (it holds NUL bytes, as a "Unicode Text" file does): in Excel, save it with "Save as" and the type "CSV UTF-8 (Comma delimited)"';

/** The file's text and the encoding it was read in, or why it is not a CSV file's text. */
export function csvText(bytes: Uint8Array): CsvText {
  if (bytes.includes(0)) return { ok: false, problem: notText };
  try {
    // The byte-order mark stays in the text (the reader skips it), so a file written back keeps it.
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    return { ok: true, text, encoding: "utf-8" };
  } catch {
    // @exodus/bytes rather than TextDecoder: Node 24.9's decodes 0x80-0x9F (€, —, curly quotes)
    // as Latin-1's control characters, where workerd's follows the Encoding Standard.
    return { ok: true, text: windows1252toString(bytes), encoding: "windows-1252" };
  }
}

/** "catalogue.csv was read as UTF-8.": how the command's output and the page's preview name a file's encoding. */
export const readAsWords = (fileName: string, encoding: CsvEncoding) =>
  `${fileName} was read as ${csvEncodings[encoding]}.`;

/**
 * The text in the encoding its file came in, so a file written back (with new versions) opens in
 * Excel as it did. A Windows-1252 file's text came from its bytes and the stamp adds only digits, so
 * every character has its byte.
 */
export function encodeCsvText(text: string, encoding: CsvEncoding): Uint8Array<ArrayBuffer> {
  if (encoding === "utf-8") return new TextEncoder().encode(text);
  return windows1252fromString(text);
}
