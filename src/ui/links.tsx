import { Link as RouterLink, NavLink as RouterNavLink, type LinkProps, type NavLinkProps } from "react-router";
import { loadsAsDocument } from "~/config/pages";

/**
 * The site's internal links. A link into a pre-rendered page or a redirecting alias is a document
 * load: rendered in place, the page would miss its redirect (a client-side 404) and keep the old
 * scroll position, because pre-rendered pages ship none of the app's scripts.
 */
export function Link({ reloadDocument, ...props }: LinkProps & { to: string }) {
  return <RouterLink {...props} reloadDocument={reloadDocument ?? loadsAsDocument(props.to)} />;
}

export function NavLink({ reloadDocument, ...props }: NavLinkProps & { to: string }) {
  return <RouterNavLink {...props} reloadDocument={reloadDocument ?? loadsAsDocument(props.to)} />;
}
