import { site } from "~/config/site";
import { staffMenu } from "~/config/pages";

/**
 * The staff pages' header, in place of the site's: no shop menus or phone drawer, just the staff
 * pages, in a row that fits a 320 px screen. Plain links: staff pages ship no JavaScript.
 */
export function StaffHeader() {
  return (
    <header className="staff-header">
      <p className="staff-header__name">
        <a href="/">{site.name}</a> · Staff
      </p>
      <nav aria-label="Staff pages">
        <ul className="staff-header__menu">
          {staffMenu.map((item) => (
            <li key={item.path}>
              <a href={item.path}>{item.label}</a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
