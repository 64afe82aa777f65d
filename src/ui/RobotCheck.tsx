import { useNonce } from "~/lib/nonce";

/**
 * Cloudflare Turnstile's widget, on every form that takes a visitor's request (a message or a
 * booking) when the dealer has set its keys; the server checks its token the same way for each
 * (verifyTurnstile). Without keys it renders nothing, and the form works as it does locally.
 */
export function RobotCheck({ siteKey }: { siteKey?: string }) {
  const nonce = useNonce();
  if (!siteKey) return null;
  return (
    <>
      <div className="cf-turnstile" data-sitekey={siteKey} />
      <script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer nonce={nonce || undefined} />
    </>
  );
}
