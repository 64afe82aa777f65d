import { useLocation } from "react-router";
import { Link, NavLink } from "~/ui/links";
import { site, telHref } from "~/config/site";
import { aboutMenu, primaryNav, townsMenu, type NavItem } from "./navigation";

/**
 * Menus and the phone drawer are <details> elements: they open and close with no script, and every
 * link loads a new document, so a chosen link never leaves a menu open. No page runs React in the
 * browser (issue 49), so the header has no effects to close them on a click elsewhere or Escape.
 */
export function Header() {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="container site-header__bar">
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            EM
          </span>
          <span className="brand__name">{site.name}</span>
        </Link>
        <nav className="main-nav" aria-label="Main">
          <NavList items={primaryNav} />
          <Dropdown label="Towns" items={townsMenu} />
          <Dropdown label="About" items={aboutMenu} />
        </nav>
        <a className="button button--primary header-call" href={telHref()}>
          Call {site.phone.display}
        </a>
        <details className="drawer" data-testid="mobile-drawer">
          <summary className="drawer__toggle" aria-label="Open menu">
            <span aria-hidden="true" className="drawer__icon" />
            Menu
          </summary>
          <nav className="drawer__panel" aria-label="Mobile">
            <NavList items={primaryNav} />
            <p className="drawer__heading">Towns</p>
            <NavList items={townsMenu} />
            <p className="drawer__heading">About</p>
            <NavList items={aboutMenu} />
            <a className="button button--primary" href={telHref()}>
              Call {site.phone.display}
            </a>
          </nav>
        </details>
      </div>
    </header>
  );
}

function NavList({ items }: { items: readonly NavItem[] }) {
  return (
    <ul className="nav-list">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.to === "/"} className="nav-link">
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function Dropdown({ label, items }: { label: string; items: readonly NavItem[] }) {
  const location = useLocation();
  const containsActive = items.some((item) => location.pathname.startsWith(item.to));
  return (
    <details className="dropdown">
      <summary className={containsActive ? "nav-link nav-link--active-group" : "nav-link"}>{label}</summary>
      <div className="dropdown__panel">
        <NavList items={items} />
      </div>
    </details>
  );
}
