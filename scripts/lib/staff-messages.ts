import type { D1Target } from "./d1";

/** A refusal staff can act on: the command prints it as it is and exits with 1, never a stack trace. */
export class StaffRefusal extends Error {
  override name = "StaffRefusal";
}

/** Where a command acted, in the words its messages use. */
export const where = (target: D1Target) => (target.remote ? "on Cloudflare" : "locally");
