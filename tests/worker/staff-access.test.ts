import { createExecutionContext, env } from "cloudflare:test";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isStaffPath, sitemapPaths } from "~/config/pages";
import { robotsTxt } from "~/seo/sitemap";
import {
  accessAssertionHeader,
  accessCertsUrl,
  accessSetupStep,
  requireStaff,
  staffAnswer,
  staffIdentity,
  staffRefusalResponse,
  type StaffAccessSettings,
} from "~/server/staff-access.server";
import readme from "../../README.md?raw";
import worker from "../../worker/index";

const audience = "4714c1358e65fe4b408ad6d432a5f878f08194bdb4752441fd56faefa9b2b6f2";

interface TestKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

async function testKey(kid: string): Promise<TestKey> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
}

// One key pair Access "signs" with, and one an attacker holds; made once, RSA keys are slow to make.
const signing = await testKey("access-key-1");
const attacker = await testKey("access-key-1");

/**
 * A team of its own for each test: the Worker keeps a team's keys for the isolate's life, so a fresh
 * team domain starts with nothing fetched. Its certs address answers here (this machine cannot reach
 * Cloudflare) with whatever keys the test publishes, and counts how often it is asked.
 */
function team(published: JWK[] = [signing.jwk]) {
  const host = `team-${crypto.randomUUID().slice(0, 8)}.cloudflareaccess.com`;
  const certs = { keys: published, fetches: 0 };
  const certsUrl = accessCertsUrl(host);
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== certsUrl) throw new Error(`unexpected fetch of ${url}`);
    certs.fetches += 1;
    return Response.json({ keys: certs.keys });
  });
  const settings: StaffAccessSettings = { ACCESS_TEAM_DOMAIN: host, ACCESS_AUD: audience };
  return { host, issuer: `https://${host}`, certs, settings };
}

interface Claims {
  key?: TestKey;
  kid?: string;
  issuer: string;
  audience?: string;
  email?: string | null;
  expiresIn?: number;
  notBeforeIn?: number;
}

/** A token as Access makes it (RS256, `aud` a list), with whatever the test changes. */
async function accessToken({
  key = signing,
  kid = key.kid,
  issuer,
  audience: aud = audience,
  email = "ana@dealer.example",
  expiresIn = 60 * 60,
  notBeforeIn = 0,
}: Claims): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload: JWTPayload = { type: "app", sub: crypto.randomUUID(), country: "US" };
  if (email !== null) payload.email = email;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
    .setIssuer(issuer)
    .setAudience([aud])
    .setIssuedAt(now)
    .setNotBefore(now + notBeforeIn)
    .setExpirationTime(now + expiresIn)
    .sign(key.privateKey);
}

function staffRequest(token: string | null, url = "https://www.dealer.example/staff", headers: HeadersInit = {}) {
  const request = new Request(url, { headers });
  if (token !== null) request.headers.set(accessAssertionHeader, token);
  return request;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the staff gate, with Cloudflare Access set up", () => {
  it("lets a token Access signed in as the e-mail address it names", async () => {
    const { issuer, settings } = team();
    const staff = await staffIdentity(staffRequest(await accessToken({ issuer })), settings);
    expect(staff).toEqual({ ok: true, email: "ana@dealer.example", via: "access" });
  });

  it("accepts the team domain written with https:// in front, as Cloudflare's examples write it", async () => {
    const { issuer, settings } = team();
    const staff = await staffIdentity(staffRequest(await accessToken({ issuer })), {
      ...settings,
      ACCESS_TEAM_DOMAIN: `${issuer}/`,
    });
    expect(staff.ok).toBe(true);
  });

  it.each([
    ["signed by another key under the published kid (forged)", { key: attacker }, "signature that does not verify"],
    ["signed under a kid the team does not publish", { key: attacker, kid: "unknown-kid" }, "key the team does not"],
    ["for another Access application", { audience: "another-application-aud" }, "another application"],
    ["expired", { expiresIn: -60 }, "has expired"],
    ["not valid for another five minutes", { notBeforeIn: 5 * 60 }, "not valid yet"],
    ["naming no e-mail address (a service token)", { email: null }, "names no e-mail"],
  ] as const)("refuses a token %s with 403", async (_case, change, reason) => {
    const { issuer, settings } = team();
    const token = await accessToken({ issuer, ...change });
    const staff = await staffIdentity(staffRequest(token), settings);
    expect(staff).toMatchObject({ ok: false, status: 403 });
    expect(!staff.ok && staff.reason).toContain(reason);
  });

  it("refuses a token naming another Access team as its issuer", async () => {
    const { settings } = team();
    const token = await accessToken({ issuer: "https://another-team.cloudflareaccess.com" });
    const staff = await staffIdentity(staffRequest(token), settings);
    expect(!staff.ok && staff.reason).toContain("another team");
  });

  it("refuses a token without a kid, and one signed with HS256 or none, before choosing any key", async () => {
    const { issuer, settings } = team();
    const now = Math.floor(Date.now() / 1000);
    const claims = { email: "ana@dealer.example", iss: issuer, aud: [audience], exp: now + 60 };
    const withoutKid = await new SignJWT(claims).setProtectedHeader({ alg: "RS256" }).sign(signing.privateKey);
    const hmac = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", kid: signing.kid })
      .sign(new TextEncoder().encode("a shared secret anyone could pick"));
    const encode = (part: object) => btoa(JSON.stringify(part)).replace(/=+$/, "");
    const unsigned = `${encode({ alg: "none", kid: signing.kid })}.${encode(claims)}.`;
    for (const token of [withoutKid, hmac, unsigned, "not.a.token"]) {
      expect((await staffIdentity(staffRequest(token), settings)).ok, token).toBe(false);
    }
  });

  it("refuses a request without a token in production settings", async () => {
    const { settings } = team();
    const staff = await staffIdentity(staffRequest(null), settings);
    expect(staff).toEqual({ ok: false, status: 403, reason: "No Cloudflare Access sign-in came with the request." });
  });

  it("verifies Access's CF_Authorization cookie when the header is missing", async () => {
    const { issuer, settings } = team();
    const cookie = { Cookie: `embed_consent=granted; CF_Authorization=${await accessToken({ issuer })}` };
    expect(await staffIdentity(staffRequest(null, undefined, cookie), settings)).toMatchObject({ ok: true });
    const forged = { Cookie: `CF_Authorization=${await accessToken({ issuer, key: attacker })}` };
    expect(await staffIdentity(staffRequest(null, undefined, forged), settings)).toMatchObject({ ok: false });
  });

  it("refuses when the team's keys cannot be fetched, naming their address", async () => {
    const { issuer, settings, host } = team();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("Bad gateway", { status: 502 }));
    const staff = await staffIdentity(staffRequest(await accessToken({ issuer })), settings);
    expect(!staff.ok && staff.reason).toContain(accessCertsUrl(host));
  });

  it("never puts the token, or what it says, in the reason or on the page", async () => {
    const { issuer, settings } = team();
    for (const change of [{ expiresIn: -60 }, { key: attacker }, { audience: "another" }]) {
      const token = await accessToken({ issuer, email: "secret.person@dealer.example", ...change });
      const staff = await staffIdentity(staffRequest(token), settings);
      if (staff.ok) throw new Error("refused tokens only");
      const page = await staffRefusalResponse(staff).text();
      for (const said of [staff.reason, page]) {
        expect(said).not.toContain("secret.person");
        for (const part of token.split(".")) expect(said).not.toContain(part);
      }
    }
  });
});

describe("the team's signing keys", () => {
  it("are fetched once and then kept for every later request", async () => {
    const { issuer, settings, certs } = team();
    for (let request = 0; request < 5; request += 1) {
      const staff = await staffIdentity(staffRequest(await accessToken({ issuer })), settings);
      expect(staff.ok).toBe(true);
    }
    expect(certs.fetches).toBe(1);
  });

  it("are fetched again for an unknown kid only once jose's 30-second cooldown has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now());
    const { issuer, settings, certs } = team();
    expect((await staffIdentity(staffRequest(await accessToken({ issuer })), settings)).ok).toBe(true);
    expect(certs.fetches).toBe(1);

    // Access rotates its key: the new one is published, and the first tokens it signed arrive.
    const rotated = await testKey("access-key-2");
    certs.keys = [signing.jwk, rotated.jwk];
    const signedByRotated = async () =>
      staffIdentity(staffRequest(await accessToken({ issuer, key: rotated })), settings);
    // Within 30 seconds of the last fetch, an unknown kid is refused without asking again: made-up
    // key ids cannot make the Worker hammer Cloudflare.
    vi.setSystemTime(Date.now() + 10_000);
    for (let request = 0; request < 3; request += 1) expect((await signedByRotated()).ok).toBe(false);
    expect(certs.fetches).toBe(1);

    vi.setSystemTime(Date.now() + 25_000);
    expect(await signedByRotated()).toMatchObject({ ok: true, via: "access" });
    expect(certs.fetches).toBe(2);
    // A made-up kid right after that fetch costs no further one.
    const madeUp = await accessToken({ issuer, key: attacker, kid: "made-up" });
    expect((await staffIdentity(staffRequest(madeUp), settings)).ok).toBe(false);
    expect(certs.fetches).toBe(2);
  });
});

describe("the staff gate without Cloudflare Access set up", () => {
  it("refuses every request, naming the README step that sets Access up", async () => {
    for (const settings of [
      {},
      { ACCESS_TEAM_DOMAIN: "", ACCESS_AUD: "" },
      { ACCESS_TEAM_DOMAIN: "t.cloudflareaccess.com" },
    ]) {
      const staff = await staffIdentity(staffRequest(null), settings);
      expect(staff).toMatchObject({ ok: false, status: 403 });
      expect(!staff.ok && staff.reason).toContain(accessSetupStep);
    }
    const halfSet = await staffIdentity(staffRequest(null), { ACCESS_AUD: audience });
    expect(!halfSet.ok && halfSet.reason).toContain("ACCESS_TEAM_DOMAIN empty");
    const notADomain = await staffIdentity(staffRequest(null), {
      ACCESS_TEAM_DOMAIN: "https://team.cloudflareaccess.com/cdn-cgi/access/certs",
      ACCESS_AUD: audience,
    });
    expect(!notADomain.ok && notADomain.reason).toContain(accessSetupStep);
  });

  it("names a README step that exists", () => {
    const [, step, title] = /step (\d+): (.+)$/.exec(accessSetupStep)!;
    const deploying = readme.slice(readme.indexOf("## Deploying to Cloudflare"));
    expect(deploying).toMatch(new RegExp(`^${step}\\. ${title}:`, "m"));
  });

  it("refuses a token too: with nothing to check it against, no token is trusted", async () => {
    const token = await accessToken({ issuer: "https://team.cloudflareaccess.com" });
    const local = { STAFF_LOCAL_IDENTITY: "staff@localhost" };
    const staff = await staffIdentity(staffRequest(token, "http://localhost:8787/staff"), local);
    expect(!staff.ok && staff.reason).toContain(accessSetupStep);
  });
});

describe("the local staff identity (npm start)", () => {
  const local = { STAFF_LOCAL_IDENTITY: "staff@localhost" };

  it("lets this machine in without a token", async () => {
    for (const address of [
      "http://localhost:8787/staff",
      "http://127.0.0.1:8791/staff/day",
      "http://[::1]:8787/staff",
    ]) {
      expect(await staffIdentity(staffRequest(null, address), local), address).toEqual({
        ok: true,
        email: "staff@localhost",
        via: "local",
      });
    }
  });

  it("lets no other host in, whether Access is set up or not", async () => {
    const { settings } = team();
    for (const address of ["https://www.dealer.example/staff", "http://localhost.dealer.example/staff"]) {
      expect((await staffIdentity(staffRequest(null, address), local)).ok, address).toBe(false);
      expect((await staffIdentity(staffRequest(null, address), { ...settings, ...local })).ok, address).toBe(false);
    }
  });

  it("never stands in for a token the request carries: a forged one is refused on this machine too", async () => {
    const { issuer, settings } = team();
    const here = "http://localhost:8787/staff";
    const forged = await staffIdentity(staffRequest(await accessToken({ issuer, key: attacker }), here), {
      ...settings,
      ...local,
    });
    expect(forged).toMatchObject({ ok: false, status: 403 });
    const genuine = await staffIdentity(staffRequest(await accessToken({ issuer }), here), { ...settings, ...local });
    expect(genuine).toEqual({ ok: true, email: "ana@dealer.example", via: "access" });
  });
});

describe("every token a request carries (issue 47)", () => {
  const local = { STAFF_LOCAL_IDENTITY: "staff@localhost" };
  const here = "http://localhost:8787/staff";

  it("verifies a forged cookie behind an empty one on this machine, and refuses it", async () => {
    const { issuer, settings } = team();
    const forged = await accessToken({ issuer, key: attacker });
    for (const cookie of [
      `CF_Authorization=; CF_Authorization=${forged}`,
      `other=1; CF_Authorization= ; theme=dark; CF_Authorization=${forged}`,
    ]) {
      const request = staffRequest(null, here, { Cookie: cookie });
      expect(await staffIdentity(request, local), cookie).toMatchObject({ ok: false, status: 403 });
      expect(await staffIdentity(request, { ...settings, ...local }), cookie).toMatchObject({ ok: false, status: 403 });
    }
  });

  it("refuses a forged cookie beside a genuine header, and lets genuine ones in", async () => {
    const { issuer, settings } = team();
    const genuine = await accessToken({ issuer });
    const forged = await accessToken({ issuer, key: attacker });
    const both = staffRequest(genuine, here, { Cookie: `CF_Authorization=${forged}` });
    expect(await staffIdentity(both, { ...settings, ...local })).toMatchObject({ ok: false, status: 403 });
    const twice = staffRequest(genuine, "https://www.dealer.example/staff", { Cookie: `CF_Authorization=${genuine}` });
    expect(await staffIdentity(twice, settings)).toEqual({ ok: true, email: "ana@dealer.example", via: "access" });
    // An empty cookie alone carries no token: this machine is let in as before.
    const empty = staffRequest(null, here, { Cookie: "CF_Authorization=" });
    expect(await staffIdentity(empty, local)).toEqual({ ok: true, email: "staff@localhost", via: "local" });
  });
});

describe("the refusal", () => {
  it("is a 403 in plain text, stored by no one and indexed by no one, saying what to do", async () => {
    const response = staffRefusalResponse({
      ok: false,
      status: 403,
      reason: "The sign-in has expired: sign in again.",
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toContain("The sign-in has expired: sign in again.");
    expect(text).toContain("sign in with your work e-mail address");
  });

  it("is thrown by requireStaff, for loaders and actions", async () => {
    const thrown = await requireStaff(staffRequest(null), {}).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
    expect(await requireStaff(staffRequest(null, "http://localhost/staff"), { STAFF_LOCAL_IDENTITY: "a@b.c" })).toEqual(
      {
        ok: true,
        email: "a@b.c",
        via: "local",
      },
    );
  });
});

describe("the Worker in front of /staff", () => {
  async function askWorker(url: string, init: RequestInit = {}) {
    const incoming = new Request(url, init) as Parameters<typeof worker.fetch>[0];
    return worker.fetch(incoming, env as unknown as Env, createExecutionContext());
  }

  it("refuses every spelling of a staff address, GET or POST, before any page runs", async () => {
    // The test bindings are wrangler.toml's: Access not set up, no local identity.
    for (const path of ["/staff", "/staff/", "/Staff/day", "/STAFF.data", "/%73taff/booking/R-1", "//staff"]) {
      for (const method of ["GET", "POST"]) {
        const response = await askWorker(`https://www.dealer.example${path}`, {
          method,
          ...(method === "POST" ? { body: new URLSearchParams({ intent: "confirm" }) } : {}),
        });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.headers.get("Cache-Control")).toBe("no-store");
        expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
        expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
        expect(await response.text()).toContain(accessSetupStep);
      }
    }
  });

  it("hands a let-in request to the pages with the identity, and marks their answer no-store and noindex", async () => {
    const produce = vi.fn(
      async () => new Response("<p>Today</p>", { headers: { "Cache-Control": "public, max-age=600" } }),
    );
    const answer = await staffAnswer(
      staffRequest(null, "http://localhost:8787/staff"),
      { STAFF_LOCAL_IDENTITY: "me@dealer.example" },
      produce,
    );
    expect(produce).toHaveBeenCalledWith({ ok: true, email: "me@dealer.example", via: "local" });
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(await answer.text()).toBe("<p>Today</p>");

    const refusedProduce = vi.fn(async () => new Response("booking data"));
    const refused = await staffAnswer(staffRequest(null), {}, refusedProduce);
    expect(refused.status).toBe(403);
    expect(refusedProduce).not.toHaveBeenCalled();
    expect(await refused.text()).not.toContain("booking data");
  });
});

describe("staff addresses", () => {
  it("are every spelling React Router would route to a staff page, and nothing else", () => {
    for (const path of [
      "/staff",
      "/staff/",
      "/Staff",
      "/STAFF/day",
      "/staff.data",
      "/staff/booking/R-1.data",
      "/%73taff",
      "//staff",
      "/staff%2Fday",
    ]) {
      expect(isStaffPath(path), path).toBe(true);
    }
    for (const path of ["/", "/staffing", "/policies/staffing-report", "/about/staff", "/api/staff", "/st%zzaff"]) {
      expect(isStaffPath(path), path).toBe(false);
    }
  });

  it("are disallowed in robots.txt and never in the sitemap", () => {
    expect(robotsTxt()).toMatch(/^Disallow: \/staff$/m);
    expect(sitemapPaths.filter(isStaffPath)).toEqual([]);
  });
});
