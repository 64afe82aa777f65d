import { useMatches, useRouteLoaderData } from "react-router";
import { isPrerenderedRoute } from "~/config/pages";
import type { ConsentChoice } from "~/lib/consent";

interface MapEmbedProps {
  /** What the map searches for: an address or "lat,lng". */
  query: string;
  /** Names the place for screen readers, e.g. "Map of Montrose Borough, PA". */
  title: string;
  zoom?: number;
  /** Where to centre the map, when the query alone could land elsewhere. */
  centre?: { lat: number; lng: number };
}

export function mapEmbedUrl(query: string, zoom = 12, centre?: { lat: number; lng: number }): string {
  const ll = centre ? `&ll=${centre.lat},${centre.lng}` : "";
  return `https://www.google.com/maps?q=${encodeURIComponent(query)}${ll}&z=${zoom}&output=embed`;
}

/**
 * With consent the map loads lazily. Without it, a disclosure holds the frame: browsers do not load
 * a lazy frame inside a closed <details>, so opening it is the consent, even on pre-rendered pages.
 * Rendered pages also offer to remember the choice, here rather than in a site-wide banner, so only
 * pages with a map ask. Plain form posts, so the choice works with JavaScript off.
 */
export function MapEmbed({ query, title, zoom = 12, centre }: MapEmbedProps) {
  const root = useRouteLoaderData<{ consent: ConsentChoice | null }>("root");
  // Pre-rendered pages are shared by every visitor, so they cannot show a remembered choice.
  const canRemember = !useMatches().some((match) => isPrerenderedRoute(match.id));
  const frame = (
    <iframe
      className="map-embed__frame"
      src={mapEmbedUrl(query, zoom, centre)}
      title={title}
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
      width="600"
      height="400"
    />
  );
  if (canRemember && root?.consent === "granted") {
    return (
      <div className="map-embed-block">
        <div className="map-embed">{frame}</div>
        <ConsentForm choice="denied" label="Stop loading maps automatically" />
      </div>
    );
  }
  const disclosure = (
    <details className="map-embed map-embed--deferred">
      <summary className="map-embed__consent">
        <span className="map-embed__label">{title}</span>
        <span>Show the map (loads Google Maps, which sets its own cookies)</span>
      </summary>
      {frame}
    </details>
  );
  if (!canRemember) return disclosure;
  return (
    <div className="map-embed-block">
      {disclosure}
      <ConsentForm choice="granted" label="Always show maps" />
    </div>
  );
}

function ConsentForm({ choice, label }: { choice: ConsentChoice; label: string }) {
  return (
    <form method="post" action="/consent" className="map-embed__choice">
      <button type="submit" name="choice" value={choice} className="button button--ghost">
        {label}
      </button>
    </form>
  );
}
