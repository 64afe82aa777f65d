import type { PDFDocument, PDFFont, PDFPage } from "pdf-lib";

/**
 * The signed paperwork as a PDF, made in the Worker with pdf-lib: the text exactly as signed, then
 * an audit page naming the booking, the signer's typed name, the time in Eastern and UTC, the
 * text's version and the SHA-256 of the text signed. Helvetica's WinAnsi covers the texts' letters;
 * a character it lacks is printed as "?" (the hash is always of the text itself, not of the print).
 */

export interface SignedRecord {
  title: string;
  reference: string;
  signerLabel: string;
  signerName: string;
  signedEastern: string;
  signedUtc: string;
  textVersion: string;
  textSha256: string;
  text: string;
  consent: string;
}

const pageSize: [number, number] = [612, 792];
const margin = 54;
const fontSize = 10;
const lineHeight = 13;

function printable(font: PDFFont, text: string): string {
  return Array.from(text, (char) => {
    try {
      font.encodeText(char);
      return char;
    } catch {
      return "?";
    }
  }).join("");
}

/** The line's words wrapped to the page's width. */
function wrap(font: PDFFont, line: string, width: number): string[] {
  if (line === "") return [""];
  const out: string[] = [];
  let current = "";
  for (const word of line.split(" ")) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, fontSize) <= width || !current) current = next;
    else {
      out.push(current);
      current = word;
    }
  }
  out.push(current);
  return out;
}

class Writer {
  private page!: PDFPage;
  private y = 0;
  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.pdf.addPage(pageSize);
    this.y = pageSize[1] - margin;
  }
  lines(text: string, { bold = false }: { bold?: boolean } = {}) {
    const font = bold ? this.bold : this.font;
    for (const paragraph of text.split("\n")) {
      for (const line of wrap(font, printable(font, paragraph), pageSize[0] - 2 * margin)) {
        if (this.y < margin) this.newPage();
        this.page.drawText(line, { x: margin, y: this.y, size: fontSize, font });
        this.y -= lineHeight;
      }
    }
  }
}

export async function signedPdf(record: SignedRecord): Promise<Uint8Array> {
  // Loaded when a PDF is made, not when the Worker starts: most requests never make one.
  const { PDFDocument: Document, StandardFonts } = await import("pdf-lib");
  const pdf = await Document.create();
  pdf.setTitle(`${record.title}, booking ${record.reference}`);
  pdf.setSubject(`Signed by ${record.signerName} on ${record.signedUtc}`);
  pdf.setProducer("pdf-lib");
  pdf.setCreationDate(new Date(record.signedUtc));
  pdf.setModificationDate(new Date(record.signedUtc));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const writer = new Writer(pdf, font, bold);
  writer.lines(record.text);
  writer.lines("");
  writer.lines(`Signed electronically by ${record.signerName} (${record.signerLabel}) on ${record.signedEastern}.`, {
    bold: true,
  });
  writer.newPage();
  writer.lines("Audit record", { bold: true });
  writer.lines(
    [
      `Booking: ${record.reference}`,
      `Document: ${record.title}`,
      `Signer: ${record.signerLabel}`,
      `Name typed by the signer: ${record.signerName}`,
      `Signed (Eastern): ${record.signedEastern}`,
      `Signed (UTC): ${record.signedUtc}`,
      `Text version: ${record.textVersion}`,
      `SHA-256 of the text signed (UTF-8): ${record.textSha256}`,
      "",
      `Consent given before signing: ${record.consent}`,
      'The signer ticked the consent box, typed the name above and pressed "I agree and sign".',
    ].join("\n"),
  );
  return pdf.save({ useObjectStreams: false });
}
