import { site } from "~/config/site";

export const turnstileVerifyUrl = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/**
 * "skipped" only when Turnstile is not set up at all (the `npm start` defaults). A site key without
 * its secret means the dealer meant to check and the check cannot run: refusing then is safer than
 * letting every bot through unnoticed.
 */
export type TurnstileVerdict = "passed" | "failed" | "skipped" | "misconfigured";

/** The site key a form's widget shows, or nothing when Turnstile is not set up (the local defaults). */
export function robotCheckKey(settings: TurnstileSettings): string | undefined {
  return settings.TURNSTILE_SITE_KEY?.trim() || undefined;
}

export interface TurnstileSettings {
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET?: string;
}

export async function verifyTurnstile(
  settings: TurnstileSettings,
  token: string | undefined,
  ip: string | null,
): Promise<TurnstileVerdict> {
  const secret = settings.TURNSTILE_SECRET?.trim();
  if (!secret) {
    if (!settings.TURNSTILE_SITE_KEY?.trim()) return "skipped";
    console.error("request refused: TURNSTILE_SITE_KEY is set but TURNSTILE_SECRET is not");
    return "misconfigured";
  }
  if (!token) return "failed";
  const form = new FormData();
  form.set("secret", secret);
  form.set("response", token);
  if (ip) form.set("remoteip", ip);
  try {
    const response = await fetch(turnstileVerifyUrl, { method: "POST", body: form });
    const outcome = (await response.json()) as { success?: boolean };
    return outcome.success === true ? "passed" : "failed";
  } catch {
    return "failed";
  }
}

/** What a visitor reads when Turnstile refuses a form, whichever form it is. */
export const notARobotUnconfirmed = "We could not confirm you are not a robot. Please try again.";
export const robotCheckUnavailable = `The form cannot check for robots at the moment. Please call us at ${site.phone.display}.`;
