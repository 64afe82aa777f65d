import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The 14 standard fonts' metrics, which PDF.js reads for text drawn in Helvetica. */
const standardFontDataUrl = `${path.resolve(import.meta.dirname, "../../node_modules/pdfjs-dist/standard_fonts")}/`;

/**
 * A PDF's text as an independent reader (Mozilla's PDF.js) extracts it, page by page, each page's
 * items joined by spaces and lines: what a renter's PDF viewer shows, not what our writer meant.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? `${item.str}${item.hasEOL ? "\n" : ""}` : ""))
        .join("")
        .replace(/[ \t]+/g, " "),
    );
  }
  await pdf.destroy();
  return pages.join("\n");
}
