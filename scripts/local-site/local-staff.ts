import { randomBytes } from "node:crypto";

/**
 * The staff identity this machine's servers (`npm start`, `npm run dev`) let in at /staff without
 * Cloudflare Access: `staff@localhost`, or STAFF_LOCAL_IDENTITY's value; none with
 * `STAFF_ACCESS_CHECK=1`, so that /staff answers as it does in production. It reaches the Worker
 * only through local-only channels (never `wrangler.toml`, never a build's `wrangler.json`), and
 * the Worker honours it only for requests to localhost (src/server/staff-access.server.ts).
 */
export const defaultLocalStaffIdentity = "staff@localhost";

export function localStaffIdentity(environment: NodeJS.ProcessEnv = process.env): string | null {
  if (/^(?:1|true|yes|on)$/i.test(environment.STAFF_ACCESS_CHECK?.trim() ?? "")) return null;
  const identity = environment.STAFF_LOCAL_IDENTITY?.trim() || defaultLocalStaffIdentity;
  // One plain address: it is written into a dotenv file unescaped.
  if (!/^[^\s'"`\\@]+@[^\s'"`\\@]+$/.test(identity)) {
    throw new Error(`STAFF_LOCAL_IDENTITY must be an e-mail address, not ${JSON.stringify(identity)}.`);
  }
  return identity;
}

/**
 * The key the staff spreadsheet page seals its previews with (SPREADSHEET_SIGNING_KEY), for this
 * machine's servers: a new random one each start, so no key is shared or kept, and a preview made
 * before a restart is simply previewed again. Like the identity it is never in `wrangler.toml`.
 */
export const localSpreadsheetKey = () => randomBytes(32).toString("base64url");

/**
 * The secret the local stand-in for Stripe signs its webhooks with (PAYMENT_STAND_IN_SECRET), new
 * each start like the spreadsheet key; its presence is what lets the stand-in answer at all, and
 * `wrangler deploy` never uploads it (src/features/payments/stripe-client.server.ts).
 */
export const localWebhookSecret = () => `whsec_${randomBytes(24).toString("base64url")}`;
