// Relative imports with extensions: React Router and Vite load this file from their configs, outside
// the "~/" alias.
import { policyLinks, policyPath } from "./policy-list.ts";
import { towns, townPath } from "./towns.ts";

/**
 * Every address the site answers, in one list. The routes (src/routes.ts), the pre-render list,
 * the asset layer's `_redirects`, the sitemap, the navigation's labels, the links that must load a
 * new document and the tests' page lists are all read from here.
 */

/**
 * How an address is served:
 * - `rendered`: rendered per request by the Worker (and edge-cached);
 * - `prerendered`: built once per release into a static file with no scripts;
 * - `redirect`: another name of a page, answered with a 301;
 * - `resource`: not a page (XML, text, a form's action);
 * - `staff`: a staff page under `/staff`, rendered per request only past the Cloudflare Access check,
 *   never cached, indexed or listed (see `staffPathPrefix`).
 */
export type PageKind = "rendered" | "prerendered" | "redirect" | "resource" | "staff";

/**
 * Buyers' holds on vehicles a page shows (a "Reserved" badge, whether a cart can be reserved), for
 * the edge cache: every cached answer is keyed by the catalogue version, and a page that shows holds
 * also by a count of hold changes, so a reservation re-renders only the pages that show it
 * (src/server/page-cache.server.ts). A page that shows a hold without saying so here would keep
 * showing the old state until the catalogue next changes.
 * - `holds`: any vehicle's, as a list's cards do;
 * - `vehicle-holds`: those of the one vehicle its `:id` names.
 */
export type HoldsShown = "holds" | "vehicle-holds";

export interface Address {
  path: string;
  /** What links to it say. */
  label: string;
}

export interface Page {
  /** The route's pattern, as React Router reads it: "/vehicle/:id", "*". */
  path: string;
  /** The route module, relative to src/. */
  module: string;
  /** Needed when one module serves several patterns. */
  id?: string;
  kind: PageKind;
  /** What links to it say; for a pattern, what kind of page it is. */
  label: string;
  /** The addresses of a pattern known at build time; a plain path is its own one address. */
  addresses?: readonly Address[];
  /** An address that shows the page, for patterns whose addresses come from the catalogue. */
  example?: string;
  /** Where a redirect goes. */
  to?: string;
  /** Listed in sitemap.xml (vehicle pages are added from the catalogue). */
  inSitemap?: boolean;
  /**
   * Loads one small script of its own, its island (`src/features/<feature>/<route module>.island.ts`),
   * because the spec asks for behaviour a plain document cannot give (see docs/decisions.md). Every
   * other page is a plain document with no JavaScript at all.
   */
  island?: true;
  /**
   * Takes a visitor's request (a message or a booking): it shows Turnstile's widget when the
   * dealer has set its keys, so its policy then lets that one outside script run.
   */
  robotCheck?: true;
  /** Left out: the page shows no hold, so no reservation re-renders it. */
  shows?: HoldsShown;
  /** A file staff download (a spreadsheet), not a page: out of the staff menu. */
  download?: true;
}

const rendered = (path: string, module: string, label: string): Page => ({
  path,
  module,
  label,
  kind: "rendered",
  inSitemap: true,
});

/** Content that is the same for every visitor and needs no data: built once per release. */
const prerendered = (path: string, module: string, label: string): Page => ({
  path,
  module,
  label,
  kind: "prerendered",
  inSitemap: true,
});

/** A staff page: plain (no JavaScript unless marked `island`), out of the sitemap, answered only past the Access check. */
const staffPage = (path: string, module: string, label: string, example?: string): Page => ({
  path,
  module,
  label,
  kind: "staff",
  ...(example ? { example } : {}),
});

/** The road-use guide, linked from vehicle pages, town pages and FAQ answers of other features. */
export const roadUsePath = "/where-to-drive";

export const pages: readonly Page[] = [
  // The featured carts' cards say Reserved.
  { ...rendered("/", "routes/home.tsx", "Home"), shows: "holds" },
  { ...rendered("/inventory", "routes/inventory.tsx", "Inventory"), shows: "holds" },
  {
    path: "/vehicle/:id",
    module: "routes/vehicle.tsx",
    kind: "rendered",
    label: "Vehicle",
    example: "/vehicle/evolution-d6-max-xt4",
    shows: "vehicle-holds",
  },
  {
    path: "/vehicles/:id",
    module: "routes/vehicle.tsx",
    id: "routes/vehicles-alias",
    kind: "rendered",
    label: "Vehicle",
    example: "/vehicles/evolution-d6-max-xt4",
    shows: "vehicle-holds",
  },
  // A buyer's hold on one unit: this moment's stock (no-store), out of the sitemap.
  {
    path: "/vehicle/:id/reserve",
    module: "routes/vehicle-reservation.tsx",
    kind: "rendered",
    label: "Reserve a cart",
    example: "/vehicle/ezgo-rxv-2019/reserve",
    robotCheck: true,
    shows: "vehicle-holds",
  },
  {
    path: "/reservations/:token",
    module: "routes/reservation-status.tsx",
    kind: "rendered",
    label: "Cart reservation",
    // A token nobody holds: the quality checks measure the page a guessed link gets.
    example: "/reservations/no-such-reservation",
  },
  // A test drive of one in-stock cart: this moment's free times (no-store), out of the sitemap.
  {
    path: "/vehicle/:id/test-drive",
    module: "routes/test-drive-booking.tsx",
    kind: "rendered",
    label: "Schedule a test drive",
    example: "/vehicle/ezgo-rxv-2019/test-drive",
    robotCheck: true,
  },
  {
    path: "/test-drives/:token",
    module: "routes/test-drive-status.tsx",
    kind: "rendered",
    label: "Test drive",
    // A token nobody holds: the quality checks measure the page a guessed link gets.
    example: "/test-drives/no-such-booking",
  },
  {
    path: "/test-drives/:token/calendar.ics",
    module: "routes/test-drive-calendar.ts",
    kind: "resource",
    label: "Test drive calendar file",
  },
  // Its content is the carts its address names, so it stays out of the sitemap.
  { path: "/compare", module: "routes/compare.tsx", kind: "rendered", label: "Compare carts" },
  rendered("/denago", "routes/denago.tsx", "DENAGO"),
  rendered("/evolution", "routes/evolution.tsx", "EVOLUTION"),
  prerendered("/rentals", "routes/rentals.tsx", "Rentals"),
  // Live availability: every address is answered fresh (no-store), and its many calendar addresses
  // stay out of the sitemap.
  {
    path: "/rentals/book",
    module: "routes/rental-booking.tsx",
    kind: "rendered",
    label: "Book a rental",
    island: true,
    robotCheck: true,
  },
  {
    path: "/rentals/booking/:token",
    module: "routes/rental-booking-status.tsx",
    kind: "rendered",
    label: "Rental booking",
    // A token nobody holds: the quality checks measure the page a guessed link gets.
    example: "/rentals/booking/no-such-booking",
  },
  {
    path: "/rentals/booking/:token/paperwork",
    module: "routes/rental-paperwork.tsx",
    kind: "rendered",
    label: "Rental paperwork",
    example: "/rentals/booking/no-such-booking/paperwork",
  },
  {
    path: "/rentals/booking/:token/paperwork/signed.pdf",
    module: "routes/rental-paperwork-pdf.ts",
    kind: "resource",
    label: "Signed rental paperwork",
  },
  {
    path: "/rentals/booking/:token/calendar.ics",
    module: "routes/rental-booking-calendar.ts",
    kind: "resource",
    label: "Booking calendar file",
  },
  prerendered("/services", "routes/services.tsx", "Services"),
  // Live drop-off slots: answered fresh (no-store), out of the sitemap like the rental calendar.
  {
    path: "/services/book",
    module: "routes/service-booking.tsx",
    kind: "rendered",
    label: "Book a service",
    robotCheck: true,
  },
  {
    path: "/services/booking/:token",
    module: "routes/service-booking-status.tsx",
    kind: "rendered",
    label: "Service booking",
    // A token nobody holds: the quality checks measure the page a guessed link gets.
    example: "/services/booking/no-such-booking",
  },
  {
    path: "/services/booking/:token/calendar.ics",
    module: "routes/service-booking-calendar.ts",
    kind: "resource",
    label: "Service booking calendar file",
  },
  prerendered("/storage", "routes/storage.tsx", "Storage"),
  {
    path: "/storage/book",
    module: "routes/storage-booking.tsx",
    kind: "rendered",
    label: "Book storage",
    robotCheck: true,
  },
  {
    path: "/storage/booking/:token",
    module: "routes/storage-booking-status.tsx",
    kind: "rendered",
    label: "Storage booking",
    example: "/storage/booking/no-such-booking",
  },
  // The plain alert forms of the inventory and vehicle pages post here (issue 40); kept out of the sitemap.
  {
    path: "/alerts",
    module: "routes/alerts.tsx",
    kind: "rendered",
    label: "E-mail alerts",
    robotCheck: true,
  },
  // An alert's private links (issue 40): a GET shows a button, the POST confirms, renews or stops it.
  {
    path: "/alerts/confirm/:token",
    module: "routes/alert-confirm.tsx",
    kind: "rendered",
    label: "Confirm an alert",
    example: "/alerts/confirm/no-such-alert",
  },
  {
    path: "/alerts/manage/:token",
    module: "routes/alert-manage.tsx",
    kind: "rendered",
    label: "Your alert",
    example: "/alerts/manage/no-such-alert",
  },
  prerendered(roadUsePath, "routes/where-to-drive.tsx", "Where a cart may drive"),
  rendered("/about", "routes/about.tsx", "About Us"),
  rendered("/showroom", "routes/showroom.tsx", "Showroom"),
  { ...rendered("/contact", "routes/contact.tsx", "Contact"), island: true, robotCheck: true },
  { path: "/thank-you", module: "routes/thank-you.tsx", kind: "prerendered", label: "Thank You" },
  // One plain form with photos: no script; its POST is the one public body past `anyBody` (worker/index.ts).
  // Its island sends each chosen photo made smaller, one by one, to the address below it (issue 58).
  { ...rendered("/trade-in", "routes/trade-in.tsx", "Value your trade"), island: true, robotCheck: true },
  {
    path: "/trade-in/photos",
    module: "routes/trade-in-photo.ts",
    kind: "resource",
    label: "One trade-in photo sent ahead of its form by the page's island",
  },
  prerendered("/financing", "routes/financing.tsx", "Financing"),
  { ...rendered("/eco-impact", "routes/eco-impact.tsx", "Eco-Impact Calculator"), island: true },
  prerendered("/privacy", "routes/privacy.tsx", "Privacy"),
  prerendered("/terms", "routes/terms.tsx", "Terms"),
  {
    path: "/policies/:slug",
    module: "routes/policy.tsx",
    kind: "prerendered",
    label: "Policy",
    example: "/policies/return-policy",
    addresses: policyLinks.map((policy) => ({ path: policyPath(policy), label: policy.title })),
    inSitemap: true,
  },
  // Every town is its own route: the slug is fixed text in the path, not a parameter.
  ...towns.map((town): Page => ({
    path: townPath(town),
    module: "routes/town.tsx",
    id: `town/${town.slug}`,
    kind: "prerendered",
    label: town.name,
    // The showroom's own town stands for all of them in the tests' page lists.
    ...(town.slug === "montrose" ? { example: townPath(town) } : {}),
    inSitemap: true,
  })),
  // The footer links both names of the privacy and terms documents.
  {
    path: "/privacy-policy",
    module: "routes/permanent-redirect.ts",
    id: "redirect/privacy-policy",
    kind: "redirect",
    label: "Privacy Policy",
    to: "/privacy",
  },
  {
    path: "/terms-of-service",
    module: "routes/permanent-redirect.ts",
    id: "redirect/terms-of-service",
    kind: "redirect",
    label: "Terms of Service",
    to: "/terms",
  },
  { path: "/consent", module: "routes/consent.ts", kind: "resource", label: "Map consent" },
  { path: "/sitemap.xml", module: "routes/sitemap.ts", kind: "resource", label: "Sitemap" },
  { path: "/robots.txt", module: "routes/robots.ts", kind: "resource", label: "robots.txt" },
  { path: "/feeds/products.xml", module: "routes/product-feed.ts", kind: "resource", label: "Product feed" },
  // Staff pages (behind Cloudflare Access): what staff answer from their phone.
  staffPage("/staff", "routes/staff-day.tsx", "This week"),
  staffPage("/staff/bookings/:reference", "routes/staff-booking.tsx", "Booking", "/staff/bookings/R-7K3M9Q"),
  {
    ...staffPage("/staff/bookings/:reference/paperwork/:signer", "routes/staff-paperwork-pdf.ts", "Signed paperwork"),
    download: true,
  },
  staffPage("/staff/blocks", "routes/staff-blocks.tsx", "Blocks"),
  staffPage("/staff/failed-mail", "routes/staff-failed-mail.tsx", "Failed e-mails"),
  staffPage("/staff/vehicles", "routes/staff-vehicles.tsx", "Vehicles"),
  staffPage("/staff/vehicles/new", "routes/staff-vehicle-new.tsx", "New arrival"),
  // Its island sends a phone's photos made smaller, one by one, to the address below it (issue 58).
  {
    ...staffPage("/staff/vehicles/:id", "routes/staff-vehicle.tsx", "Vehicle", "/staff/vehicles/denago-ev-city"),
    island: true,
  },
  staffPage(
    "/staff/vehicles/:id/photos",
    "routes/staff-vehicle-photo.ts",
    "One photo added by the vehicle page's island",
  ),
  staffPage("/staff/spreadsheet", "routes/staff-spreadsheet.tsx", "Spreadsheet"),
  staffPage("/staff/trade-ins", "routes/staff-trade-ins.tsx", "Trade-ins"),
  staffPage(
    "/staff/trade-ins/:id",
    "routes/staff-trade-in.tsx",
    "Trade-in",
    "/staff/trade-ins/00000000-0000-4000-8000-000000000000",
  ),
  {
    ...staffPage("/staff/trade-ins/:id/photos/:number", "routes/staff-trade-in-photo.ts", "Trade-in photo"),
    download: true,
  },
  { ...staffPage("/staff/catalogue.csv", "routes/staff-catalogue-csv.ts", "Catalogue spreadsheet"), download: true },
  { path: "*", module: "routes/not-found.tsx", kind: "rendered", label: "Not found", example: "/no-such-page" },
];

/**
 * Where the staff pages live: behind Cloudflare Access, and checked again by the Worker on every
 * request (src/server/staff-access.server.ts); never cached, indexed or listed in the sitemap.
 */
export const staffPathPrefix = "/staff";

/**
 * True when React Router could answer `pathname` with a staff page (or its `.data`): the first
 * segment is `staff` in any case, escapes decoded (`%2F` too), empty segments skipped. Leaning to
 * yes is the safe side: a public address read as staff is refused or left uncached, while a staff
 * address read as public would be answered without the check.
 */
export function isStaffPath(pathname: string): boolean {
  const first = pathname
    .split("/")
    .flatMap((segment) => {
      try {
        return decodeURIComponent(segment).split(/[/\\]/);
      } catch {
        return [segment];
      }
    })
    .find(Boolean);
  return first?.toLowerCase().replace(/\.data$/, "") === staffPathPrefix.slice(1);
}

/** A booking's staff page, as every staff e-mail about it links it. */
export function staffBookingPath(reference: string): string {
  return `${staffPathPrefix}/bookings/${encodeURIComponent(reference)}`;
}

/** A rental's signed paperwork (one signer's PDF), downloaded from its staff page (issue 56). */
export function staffPaperworkPdfPath(reference: string, signer: string): string {
  return `${staffBookingPath(reference)}/paperwork/${encodeURIComponent(signer)}`;
}

/** The trade-in page, linked from the inventory, every vehicle page and the contact page. */
export const tradeInPath = "/trade-in";

/** The trade-in page for a customer who wants a particular cart (its vehicle page's link). */
export function tradeInPathFor(vehicleId?: string): string {
  return vehicleId ? `${tradeInPath}?vehicle=${encodeURIComponent(vehicleId)}` : tradeInPath;
}

/** Where the trade-in page's island posts each photo ahead of the form, one a post (photo-travel.ts). */
export const tradeInDraftPhotoPath = `${tradeInPath}/photos`;

/** A trade-in's staff page, as the staff e-mail about it links it. */
export function staffTradeInPath(id: string): string {
  return `${staffPathPrefix}/trade-ins/${encodeURIComponent(id)}`;
}

/** One photo of a trade-in (1-based), served only to staff. */
export function staffTradeInPhotoPath(id: string, number: number): string {
  return `${staffTradeInPath(id)}/photos/${number}`;
}

/** A vehicle's staff page, where staff edit it, photograph it and sell it from their phone. */
export function staffVehiclePath(id: string): string {
  return `${staffPathPrefix}/vehicles/${encodeURIComponent(id)}`;
}

/** Where a vehicle page's island posts each photo, one a post (src/features/photos/photo-travel.ts). */
export function staffVehiclePhotoPath(id: string): string {
  return `${staffVehiclePath(id)}/photos`;
}

/** The catalogue as a spreadsheet (issue 48): downloaded, and the problems of a refused upload. */
export const staffCatalogueCsvPath = `${staffPathPrefix}/catalogue.csv`;

/** The staff pages' own menu: every staff page with an address of its own. */
export const staffMenu: readonly Address[] = pages
  .filter((page) => page.kind === "staff" && !page.path.includes(":") && !page.download)
  .map((page) => ({ path: page.path, label: page.label }));

/**
 * Every word an address of the site uses as a fixed segment ("staff", "vehicles", "new",
 * "inventory", a town's page), public or staff. A vehicle id may be none of them: a cart called
 * "New" would otherwise get the id `new`, which is the new-arrival form's address, and no vehicle's
 * address should read as another page's.
 */
export const routeWords: readonly string[] = [
  ...new Set(
    pages
      .flatMap((page) => [page.path, ...(page.addresses ?? []).map((address) => address.path)])
      .flatMap((path) => path.split("/"))
      .filter((segment) => segment !== "" && segment !== "*" && !segment.startsWith(":"))
      .map((segment) => segment.toLowerCase()),
  ),
];

/** The addresses a page answers at build time: its own path, or each address of its pattern. */
export function addressesOf(page: Page): readonly Address[] {
  if (page.addresses) return page.addresses;
  return page.path.includes(":") || page.path === "*" ? [] : [{ path: page.path, label: page.label }];
}

const allAddresses = pages.flatMap(addressesOf);

/** What a link to `path` says; throws for an address the site does not have. */
export function labelOf(path: string): string {
  const address = allAddresses.find((candidate) => candidate.path === path);
  if (!address) throw new Error(`${path} is not in the page registry (src/config/pages.ts)`);
  return address.label;
}

export const prerenderedPaths: readonly string[] = pages
  .filter((page) => page.kind === "prerendered")
  .flatMap((page) => addressesOf(page).map((address) => address.path));

/** Every page a search engine should index, apart from vehicles (they come from the catalogue). */
export const sitemapPaths: readonly string[] = pages
  .filter((page) => page.inSitemap)
  .flatMap((page) => addressesOf(page).map((address) => address.path))
  // Staff pages are never indexed, whatever their entry says.
  .filter((path) => !isStaffPath(path));

export const permanentRedirects: readonly { from: string; to: string }[] = pages.flatMap((page) =>
  page.kind === "redirect" && page.to ? [{ from: page.path, to: page.to }] : [],
);

/** The id React Router gives a page's route: its own, or its module's path without the extension. */
function routeIdOf(page: Page): string {
  return page.id ?? page.module.replace(/\.tsx?$/, "");
}

const islandPages = pages.filter((page) => page.island);
const islandRouteIds = new Set(islandPages.map(routeIdOf));
const prerenderedRouteIds = new Set(pages.filter((page) => page.kind === "prerendered").map(routeIdOf));

/** True when the route with this id loads its island. */
export function isIslandRoute(routeId: string): boolean {
  return islandRouteIds.has(routeId);
}

const robotCheckRouteIds = new Set(pages.filter((page) => page.robotCheck).map(routeIdOf));

/** True when the route with this id shows Turnstile's widget once its keys are set. */
export function isRobotCheckRoute(routeId: string): boolean {
  return robotCheckRouteIds.has(routeId);
}

const staffRouteIds = new Set(pages.filter((page) => page.kind === "staff").map(routeIdOf));

/** True when the route with this id is a staff page: it gets the staff header, not the site's. */
export function isStaffRoute(routeId: string): boolean {
  return staffRouteIds.has(routeId);
}

/** True when the route with this id is built once per release and shared by every visitor. */
export function isPrerenderedRoute(routeId: string): boolean {
  return prerenderedRouteIds.has(routeId);
}

/** The addresses of the pages that load an island (the registry's `island`). */
const islandPaths = new Set(islandPages.flatMap((page) => addressesOf(page).map((address) => address.path)));

/**
 * True when the page at `address` (a path, perhaps with a query or fragment) loads its island, the
 * one script such a page has; every other page is a plain document. Either way a link to it loads a
 * new document: no page runs the router in the browser (issue 49).
 */
export function isIslandAddress(address: string): boolean {
  return islandPaths.has(address.split(/[?#]/, 1)[0] ?? address);
}

export function permanentRedirectTarget(pathname: string): string | null {
  return permanentRedirects.find((alias) => alias.from === pathname)?.to ?? null;
}

/** The asset layer's `_redirects` file: one `from to 301` line per alias. */
export function redirectsFile(): string {
  const lines = permanentRedirects.map((alias) => `${alias.from} ${alias.to} 301`);
  return `# Written at build time from src/config/pages.ts.\n${lines.join("\n")}\n`;
}

/** The holds the answer at an address shows: none, every vehicle's, or those of the vehicle it names. */
export type HoldsAtAddress = { shows: "none" } | { shows: "holds" } | { shows: "vehicle-holds"; vehicleId: string };

/** A path's segments as React Router reads them: each percent-escape decoded, empty ones dropped. */
function decodedSegments(path: string): string[] {
  return path
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

const patternsWithHolds = pages.flatMap((page) =>
  page.shows ? [{ shows: page.shows, segments: page.path.split("/").filter(Boolean) }] : [],
);

/** Static segments of a pattern that an address's segments match, or -1 when it does not match. */
function staticMatches(pattern: readonly string[], segments: readonly string[]): number {
  if (pattern.length !== segments.length) return -1;
  let matched = 0;
  for (const [index, part] of pattern.entries()) {
    if (part.startsWith(":")) continue;
    if (part.toLowerCase() !== segments[index]!.toLowerCase()) return -1;
    matched += 1;
  }
  return matched;
}

/**
 * The holds shown at `pathname`, for the edge cache's key. The address is read as React Router
 * reads it, so that no spelling of a page's address escapes its holds: letters in any case, escapes
 * decoded, and `.data` (a page's data for a navigation inside the app, `/_.data` for home) standing
 * for the page itself. Only the patterns of pages with holds are tried, and more leniently than the
 * router (empty segments are skipped): an address that fits one but shows another page, or none,
 * costs at most a render when holds change, while the other way round a stale "Reserved" is served.
 */
export function holdsShownAt(pathname: string): HoldsAtAddress {
  const pagePath = pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
  const segments = decodedSegments(pagePath);
  let best: { matched: number; held: HoldsAtAddress } | null = null;
  for (const pattern of patternsWithHolds) {
    const matched = staticMatches(pattern.segments, segments);
    if (matched < 0 || (best && best.matched >= matched)) continue;
    const idAt = pattern.segments.indexOf(":id");
    const held: HoldsAtAddress =
      pattern.shows === "holds" ? { shows: "holds" } : { shows: "vehicle-holds", vehicleId: segments[idAt]! };
    best = { matched, held };
  }
  return best?.held ?? { shows: "none" };
}
