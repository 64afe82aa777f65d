import { D1Error, type D1Target } from "./d1";

/** A refusal staff can act on: the command prints it as it is and exits with 1, never a stack trace. */
export class StaffRefusal extends Error {
  override name = "StaffRefusal";
}

/** Where a command acted, in the words its messages use. */
export const where = (target: D1Target) => (target.remote ? "on Cloudflare" : "locally");

/**
 * What a staff tool prints for a failure staff can act on (a refusal, or D1 not answering), or null
 * for a fault of the tool itself, which should surface as it is.
 */
export function staffFailureText(error: unknown): string | null {
  if (error instanceof StaffRefusal) return error.message;
  if (error instanceof D1Error) return `The database could not be reached or refused the command:\n  ${error.message}`;
  return null;
}
