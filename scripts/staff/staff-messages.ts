import { D1Error, type D1Target } from "./d1";
import { GaveUp } from "./retry";

/** A refusal staff can act on: the command prints it as it is and exits with 1, never a stack trace. */
export class StaffRefusal extends Error {
  override name = "StaffRefusal";
}

/** Where a command acted, in the words its messages use. */
export const where = (target: D1Target) => (target.remote ? "on Cloudflare" : "locally");

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/**
 * What a staff tool prints for a failure staff can act on (a refusal, D1 refusing, or wrangler
 * failing past its tries), or null for a fault of the tool itself, which should surface as it is.
 */
export function staffFailureText(error: unknown): string | null {
  if (error instanceof StaffRefusal || error instanceof GaveUp) return error.message;
  if (error instanceof D1Error) {
    const lines = [
      error.doing
        ? `${capitalized(error.doing)} failed; the database or wrangler said:`
        : "The database could not be reached or refused the command:",
      `  ${error.message.split("\n").join("\n  ")}`,
    ];
    if (error.remote) {
      lines.push("For --remote: `npx wrangler whoami` shows whether you are logged in; `npx wrangler login` if not.");
    }
    return lines.join("\n");
  }
  return null;
}
