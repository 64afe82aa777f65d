import { useRouteLoaderData } from "react-router";
import type { ConsentChoice } from "./consent";

interface MapEmbedProps {
  /** What the map searches for: an address or "lat,lng". */
  query: string;
  /** Names the place for screen readers, e.g. "Map of Montrose Borough, PA". */
  title: string;
  zoom?: number;
}

export function mapEmbedUrl(query: string, zoom = 12): string {
  return `https://www.google.com/maps?q=${encodeURIComponent(query)}&z=${zoom}&output=embed`;
}

/**
 * With consent the map loads lazily. Without it, a disclosure holds the frame: browsers do not load
 * a lazy frame inside a closed <details>, so opening it is the consent, even on static pages.
 */
export function MapEmbed({ query, title, zoom = 12 }: MapEmbedProps) {
  const root = useRouteLoaderData<{ consent: ConsentChoice | null }>("root");
  const frame = (
    <iframe
      className="map-embed__frame"
      src={mapEmbedUrl(query, zoom)}
      title={title}
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
      width="600"
      height="400"
    />
  );
  if (root?.consent === "granted") return <div className="map-embed">{frame}</div>;
  return (
    <details className="map-embed map-embed--deferred">
      <summary className="map-embed__consent">
        <span className="map-embed__label">{title}</span>
        <span>Show the map (loads Google Maps, which sets its own cookies)</span>
      </summary>
      {frame}
    </details>
  );
}
