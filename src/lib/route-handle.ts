import type { UIMatch } from "react-router";

/** What a route module may declare in `export const handle`. */
export interface RouteHandle {
  /** False for pre-rendered pages that work as plain HTML and ship no JavaScript. */
  hydrate?: boolean;
}

export const staticPageHandle: RouteHandle = { hydrate: false };

export function isStaticRoute(match: UIMatch): boolean {
  return (match.handle as RouteHandle | undefined)?.hydrate === false;
}
