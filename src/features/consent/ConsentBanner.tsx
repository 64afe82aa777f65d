import { useFetcher } from "react-router";

/**
 * Asks once whether embedded maps may load. A plain form post, so it works before hydration and
 * with JavaScript off; with JavaScript the banner disappears without a page load.
 */
export function ConsentBanner() {
  const fetcher = useFetcher();
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <section className="consent-banner" aria-label="Embedded content consent">
      <p>
        Our maps come from Google Maps, which sets its own cookies and sees your IP address. Load them when you visit a
        page with a map?
      </p>
      <fetcher.Form method="post" action="/consent" className="consent-banner__actions">
        <button type="submit" name="choice" value="granted" className="button button--primary">
          Allow maps
        </button>
        <button type="submit" name="choice" value="denied" className="button button--ghost">
          No thanks
        </button>
      </fetcher.Form>
    </section>
  );
}
