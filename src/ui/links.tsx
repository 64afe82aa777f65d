import { Link as RouterLink, NavLink as RouterNavLink, type LinkProps, type NavLinkProps } from "react-router";

/**
 * The site's internal links. No page runs the router in the browser (the three that need a script
 * load only their island), so every link loads a new document: it opens at the top, Back restores
 * the old position, a redirect is followed. `reloadDocument` says so to React Router, which would
 * otherwise mark the link for its in-place navigation.
 */
export function Link(props: LinkProps & { to: string }) {
  return <RouterLink reloadDocument {...props} />;
}

export function NavLink(props: NavLinkProps & { to: string }) {
  return <RouterNavLink reloadDocument {...props} />;
}
