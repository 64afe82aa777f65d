import { Link as RouterLink, NavLink as RouterNavLink, type LinkProps, type NavLinkProps } from "react-router";
import { isHydratedAddress } from "~/config/pages";

/**
 * The site's internal links. Only the hydrated pages (the registry's `hydrated`) can be rendered in
 * place; a link to any other page loads a new document, so it opens at the top, Back restores the
 * old position, a redirect is followed, and the page arrives without scripts.
 */
export function Link({ reloadDocument, ...props }: LinkProps & { to: string }) {
  return <RouterLink {...props} reloadDocument={reloadDocument ?? !isHydratedAddress(props.to)} />;
}

export function NavLink({ reloadDocument, ...props }: NavLinkProps & { to: string }) {
  return <RouterNavLink {...props} reloadDocument={reloadDocument ?? !isHydratedAddress(props.to)} />;
}
