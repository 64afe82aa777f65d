import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import PostalMime from "postal-mime";

/**
 * The e-mails a local server wrote to its mail folder (wrangler's `send_email` emulation keeps each
 * as an .eml file under the project's `.wrangler` folder), read by an independent parser.
 */
export interface LocalEmail {
  to: string;
  subject: string;
  text: string;
  /** Each attached file: its name, type and bytes. */
  attachments: { filename: string; mimeType: string; content: Uint8Array }[];
}

function emlFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".eml"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every e-mail in the project folder's local mail, oldest file first as the folder lists them. */
export async function localEmails(projectFolder: string): Promise<LocalEmail[]> {
  const found: LocalEmail[] = [];
  for (const file of emlFiles(path.join(projectFolder, ".wrangler"))) {
    const email = await PostalMime.parse(readFileSync(file));
    found.push({
      to: email.to?.[0]?.address ?? "",
      subject: email.subject ?? "",
      text: email.text ?? "",
      attachments: email.attachments.map((file) => ({
        filename: file.filename ?? "",
        mimeType: file.mimeType,
        content:
          typeof file.content === "string" ? new TextEncoder().encode(file.content) : new Uint8Array(file.content),
      })),
    });
  }
  return found;
}
