import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { isStaffPath, staffPathPrefix } from "~/config/pages";
import { isThisMachine } from "./https-redirect";

/**
 * Who may open the staff pages (`/staff`). In production they sit behind a Cloudflare Access
 * application, and the Worker does not take the path's word for it: every request's
 * `Cf-Access-Jwt-Assertion` is verified here (RS256, signed by one of the team's published keys
 * chosen by `kid`, for this application's audience, from this team, within its lifetime) and the
 * token's e-mail address is the staff member's identity.
 *
 * - A request that carries a token (the header, or Access's `CF_Authorization` cookie, however many
 *   times) has every one verified, on this machine too; one that cannot be verified refuses it.
 * - Without a token, `npm start` and `npm run dev` let this machine in as `STAFF_LOCAL_IDENTITY`:
 *   a local-only setting (scripts/local-site/local-staff.ts) that is never in `wrangler.toml` or a build,
 *   and counts only for requests to localhost, 127.0.0.1 or [::1].
 * - Access not set up (`ACCESS_TEAM_DOMAIN`, `ACCESS_AUD` empty): every request is refused, and the
 *   reason names the README step that sets it up.
 *
 * Reasons are fixed sentences for logs and the refusal page: never a token or any part of one.
 */

/** The header Access adds to every request it lets through. */
export const accessAssertionHeader = "Cf-Access-Jwt-Assertion";
/** Access's session cookie in the browser; it carries the same kind of token. */
export const accessCookieName = "CF_Authorization";
/** Where the README says how to set Access up; named by every refusal that comes from its absence. */
export const accessSetupStep = "README, Deploying to Cloudflare, step 10: Staff pages behind Cloudflare Access";
/** Seconds a token's `exp` and `nbf` may be off by: clocks at Cloudflare agree far closer than this. */
const clockToleranceSeconds = 5;

/** The settings the check reads; the Worker's `Env` has them all. */
export interface StaffAccessSettings {
  /** The Access team domain, `<team>.cloudflareaccess.com` (an `https://` in front is allowed). */
  ACCESS_TEAM_DOMAIN?: string;
  /** The Access application's Application Audience (AUD) tag. */
  ACCESS_AUD?: string;
  /** Local only: the identity this machine gets without a token (never in `wrangler.toml`). */
  STAFF_LOCAL_IDENTITY?: string;
}

export type StaffIdentity = { ok: true; email: string; via: "access" | "local" };
export type StaffRefusal = { ok: false; status: 403; reason: string };

const refused = (reason: string): StaffRefusal => ({ ok: false, status: 403, reason });

type AccessConfig = { ok: true; teamHost: string; audience: string } | StaffRefusal;

function accessConfig(settings: StaffAccessSettings): AccessConfig {
  const domain = settings.ACCESS_TEAM_DOMAIN?.trim() ?? "";
  const audience = settings.ACCESS_AUD?.trim() ?? "";
  const empty = [domain ? null : "ACCESS_TEAM_DOMAIN", audience ? null : "ACCESS_AUD"].filter(Boolean);
  if (empty.length > 0) {
    return refused(
      `The staff pages are closed: Cloudflare Access is not set up (${empty.join(" and ")} empty in wrangler.toml [vars]; ${accessSetupStep}).`,
    );
  }
  let url: URL | null = null;
  try {
    url = new URL(domain.includes("://") ? domain : `https://${domain}`);
  } catch {
    // Reported below.
  }
  if (!url || url.protocol !== "https:" || url.port || url.username || url.pathname !== "/" || url.search) {
    return refused(
      `The staff pages are closed: ACCESS_TEAM_DOMAIN is not a team domain like <team>.cloudflareaccess.com (${accessSetupStep}).`,
    );
  }
  return { ok: true, teamHost: url.hostname, audience };
}

/**
 * The team's signing keys, fetched from its certs address when first needed and kept for this
 * isolate's life: jose refetches them after 10 minutes, and at once for a `kid` it does not know
 * (Access rotates its key every 6 weeks) but never twice within 30 seconds, so made-up key ids
 * cannot turn into a flood of requests to Cloudflare.
 */
let teamKeys: { certsUrl: string; getKey: JWTVerifyGetKey } | null = null;

/** The certs address of a team domain, where Access publishes its signing keys. */
export function accessCertsUrl(teamHost: string): string {
  return `https://${teamHost}/cdn-cgi/access/certs`;
}

function keysOf(teamHost: string): JWTVerifyGetKey {
  const certsUrl = accessCertsUrl(teamHost);
  if (teamKeys?.certsUrl !== certsUrl) teamKeys = { certsUrl, getKey: createRemoteJWKSet(new URL(certsUrl)) };
  const { getKey } = teamKeys;
  // A key is chosen by the token's `kid` only, never by trying each published key in turn.
  return (header, token) => {
    if (!header.kid) throw new errors.JWKSNoMatchingKey();
    return getKey(header, token);
  };
}

/** Every value of Access's cookie the request carries, in order: a browser may send the name twice. */
function cookieTokens(cookieHeader: string | null): string[] {
  const tokens: string[] = [];
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.split("=");
    if (name?.trim() === accessCookieName) tokens.push(value.join("=").trim());
  }
  return tokens;
}

/**
 * Every token the request carries, Access's header first, then each of its cookies. Each one is
 * verified: were only the first looked at, an empty cookie in front of a forged one would count as
 * no token and let this machine's local identity in beside the forgery.
 */
function accessTokens(request: Request): string[] {
  const header = request.headers.get(accessAssertionHeader)?.trim() ?? "";
  return [header, ...cookieTokens(request.headers.get("Cookie"))].filter((token) => token !== "");
}

/** Why a token was refused, as a fixed sentence: jose's own messages are not passed on. */
function refusalFor(error: unknown, teamHost: string): StaffRefusal {
  const signIn = "The Cloudflare Access sign-in";
  if (!(error instanceof errors.JOSEError)) {
    return refused(`The team's signing keys could not be fetched from ${accessCertsUrl(teamHost)}.`);
  }
  switch (error.code) {
    case "ERR_JWT_EXPIRED":
      return refused(`${signIn} has expired: sign in again.`);
    case "ERR_JWT_CLAIM_VALIDATION_FAILED": {
      const { claim } = error as errors.JWTClaimValidationFailed;
      if (claim === "aud") return refused(`${signIn} is for another application (its audience is not ACCESS_AUD).`);
      if (claim === "iss") return refused(`${signIn} is from another team (its issuer is not ACCESS_TEAM_DOMAIN).`);
      if (claim === "nbf") return refused(`${signIn} is not valid yet.`);
      if (claim === "exp") return refused(`${signIn} has no expiry.`);
      return refused(`${signIn} has claims that do not check out.`);
    }
    case "ERR_JWS_SIGNATURE_VERIFICATION_FAILED":
      return refused(`${signIn} has a signature that does not verify.`);
    case "ERR_JWKS_NO_MATCHING_KEY":
      return refused(`${signIn} is signed by a key the team does not publish.`);
    case "ERR_JOSE_ALG_NOT_ALLOWED":
      return refused(`${signIn} is not signed with RS256.`);
    case "ERR_JWS_INVALID":
    case "ERR_JWT_INVALID":
      return refused(`${signIn} is malformed.`);
    case "ERR_JWKS_TIMEOUT":
    case "ERR_JWKS_INVALID":
    case "ERR_JOSE_GENERIC":
      return refused(`The team's signing keys could not be fetched from ${accessCertsUrl(teamHost)}.`);
    default:
      return refused(`${signIn} could not be verified.`);
  }
}

async function verifiedIdentity(
  token: string,
  access: Extract<AccessConfig, { ok: true }>,
): Promise<StaffIdentity | StaffRefusal> {
  try {
    const { payload } = await jwtVerify(token, keysOf(access.teamHost), {
      algorithms: ["RS256"],
      audience: access.audience,
      issuer: `https://${access.teamHost}`,
      requiredClaims: ["exp"],
      clockTolerance: clockToleranceSeconds,
    });
    const email = typeof payload.email === "string" ? payload.email.trim() : "";
    // A service token's sign-in names no person.
    if (!email.includes("@")) return refused("The Cloudflare Access sign-in names no e-mail address.");
    return { ok: true, email, via: "access" };
  } catch (error) {
    return refusalFor(error, access.teamHost);
  }
}

/**
 * The staff member a request comes from, or why it is refused (always 403). Call it in every
 * staff loader and action (or `requireStaff`); the Worker also calls it before any `/staff`
 * request reaches the pages (`staffAnswer`).
 */
export async function staffIdentity(
  request: Request,
  settings: StaffAccessSettings,
): Promise<StaffIdentity | StaffRefusal> {
  const access = accessConfig(settings);
  const tokens = accessTokens(request);
  if (tokens.length > 0) {
    if (!access.ok) return access;
    let identity: StaffIdentity | null = null;
    for (const token of tokens) {
      const verified = await verifiedIdentity(token, access);
      if (!verified.ok) return verified;
      identity ??= verified;
    }
    return identity!;
  }
  const localIdentity = settings.STAFF_LOCAL_IDENTITY?.trim();
  if (localIdentity && isThisMachine(new URL(request.url))) return { ok: true, email: localIdentity, via: "local" };
  if (!access.ok) return access;
  return refused("No Cloudflare Access sign-in came with the request.");
}

/** Every staff answer, the refusal included: never stored by anyone, never indexed. */
function markStaffOnly(headers: Headers): void {
  headers.set("Cache-Control", "no-store");
  headers.set("X-Robots-Tag", "noindex");
}

/** The 403 for a refusal: a short plain message saying what to do, and nothing else. */
export function staffRefusalResponse(refusal: StaffRefusal): Response {
  const text = [
    "Staff only.",
    "",
    refusal.reason,
    "",
    `Staff: open ${staffPathPrefix} at the site's own address and sign in with your work e-mail address.`,
    "If you are refused again, tell whoever runs the website what this page says.",
    "",
  ].join("\n");
  const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8" });
  markStaffOnly(headers);
  return new Response(text, { status: refusal.status, headers });
}

/**
 * For a staff loader or action: the staff member, or the refusal thrown as a 403 response.
 *
 *   const staff = await requireStaff(request, context.get(workerContext).env);
 */
export async function requireStaff(request: Request, settings: StaffAccessSettings): Promise<StaffIdentity> {
  const staff = await staffIdentity(request, settings);
  if (!staff.ok) throw staffRefusalResponse(staff);
  return staff;
}

/**
 * The Worker's gate in front of every `/staff` address (`isStaffPath`): a refusal answers before
 * the pages run; otherwise `produce` answers, and whatever it answers is marked no-store and
 * noindex. The edge cache is never asked.
 */
export async function staffAnswer(
  request: Request,
  settings: StaffAccessSettings,
  produce: (staff: StaffIdentity) => Promise<Response>,
): Promise<Response> {
  const staff = await staffIdentity(request, settings);
  if (!staff.ok) {
    console.warn("staff request refused", { path: new URL(request.url).pathname, reason: staff.reason });
    return staffRefusalResponse(staff);
  }
  const answer = await produce(staff);
  const marked = new Response(answer.body, answer);
  markStaffOnly(marked.headers);
  return marked;
}

export { isStaffPath, staffPathPrefix };
