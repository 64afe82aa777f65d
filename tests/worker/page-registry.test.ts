import { describe, expect, it } from "vitest";
import {
  holdsShownAt,
  isIslandAddress,
  isStaffPath,
  labelOf,
  pages,
  permanentRedirectTarget,
  prerenderedPaths,
  redirectsFile,
  sitemapPaths,
  staffMenu,
} from "~/config/pages";
import { policyLinks } from "~/config/policy-list";
import { towns } from "~/config/towns";
import { aboutMenu, footerPolicyLinks, footerTownLinks, primaryNav, townsMenu } from "~/shell/navigation";

describe("the page registry", () => {
  it("pre-renders every town, every policy and the eight pages that need no data, and nothing else", () => {
    // Towns, policies, and privacy, terms, services, financing, rentals, thank-you, the road-use guide,
    // storage.
    expect(prerenderedPaths).toHaveLength(towns.length + policyLinks.length + 8);
    expect(prerenderedPaths).toContain("/storage");
    expect(prerenderedPaths).toContain("/where-to-drive");
    expect(prerenderedPaths).toContain("/montrose-golf-carts");
    expect(prerenderedPaths).toContain("/policies/staffing-report");
    expect(prerenderedPaths).not.toContain("/inventory");
    // It leads with the dealer's photo staff add, read from D1 for each request.
    expect(prerenderedPaths).not.toContain("/about");
  });

  it("lists in the sitemap the pages a search engine should index, and no alias", () => {
    for (const path of [
      "/",
      "/inventory",
      "/rentals",
      "/financing",
      "/eco-impact",
      "/privacy",
      "/terms",
      "/trade-in",
    ]) {
      expect(sitemapPaths).toContain(path);
    }
    expect(sitemapPaths).not.toContain("/thank-you");
    expect(sitemapPaths).not.toContain("/privacy-policy");
    expect(new Set(sitemapPaths).size).toBe(sitemapPaths.length);
    expect(sitemapPaths).toContain("/where-to-drive");
    expect(sitemapPaths).toContain("/storage");
    expect(sitemapPaths).not.toContain("/storage/book");
    expect(sitemapPaths).toHaveLength(13 + 3 + policyLinks.length + towns.length);
  });

  it("makes links into plain documents and aliases full page loads; and names the pages with an island", () => {
    expect(isIslandAddress("/lenox-township-golf-carts")).toBe(false);
    expect(isIslandAddress("/policies/return-policy#returns")).toBe(false);
    expect(isIslandAddress("/privacy-policy")).toBe(false);
    expect(isIslandAddress("/inventory?brand=DENAGO")).toBe(false);
    expect(isIslandAddress("/vehicle/evolution-d6-max-xt4")).toBe(false);
    expect(isIslandAddress("/")).toBe(false);
    expect(isIslandAddress("/contact?vehicle=evolution-d6-max-xt4")).toBe(true);
    expect(isIslandAddress("/eco-impact")).toBe(true);
    expect(isIslandAddress("/trade-in?vehicle=evolution-d6-max-xt4")).toBe(true);
    expect(isIslandAddress("/rentals/book?plan=six-seater")).toBe(true);
    expect(pages.filter((page) => page.island).map((page) => page.path)).toEqual([
      "/rentals/book",
      "/contact",
      "/trade-in",
      "/eco-impact",
      "/staff/vehicles/:id",
    ]);
  });

  it("answers each alias with its page, in the router and in _redirects alike", () => {
    expect(permanentRedirectTarget("/terms-of-service")).toBe("/terms");
    expect(permanentRedirectTarget("/terms")).toBeNull();
    expect(redirectsFile()).toContain("/privacy-policy /privacy 301\n");
  });

  it("gives every menu its labels, and refuses an address the site does not have", () => {
    expect(primaryNav.map((item) => item.label)).toEqual([
      "Home",
      "Inventory",
      "Rentals",
      "Services",
      "Showroom",
      "Contact",
    ]);
    expect(aboutMenu.map((item) => item.label)).toEqual(["About Us", "Financing", "Storage", "Eco-Impact Calculator"]);
    expect(townsMenu).toHaveLength(5);
    expect(footerTownLinks).toHaveLength(towns.length);
    expect(footerPolicyLinks.at(-1)).toEqual({ to: "/terms-of-service", label: "Terms of Service" });
    expect(() => labelOf("/no-such-page")).toThrow(/not in the page registry/);
  });

  it("gives the staff pages their own menu of the pages with an address of their own, none in the sitemap", () => {
    // A booking's page is reached from the day view, the blocks and the staff e-mails; a vehicle's
    // from the vehicle list.
    expect(staffMenu).toEqual([
      { path: "/staff", label: "This week" },
      { path: "/staff/blocks", label: "Blocks" },
      { path: "/staff/failed-mail", label: "Failed e-mails" },
      { path: "/staff/vehicles", label: "Vehicles" },
      { path: "/staff/vehicles/new", label: "New arrival" },
      { path: "/staff/spreadsheet", label: "Spreadsheet" },
      { path: "/staff/trade-ins", label: "Trade-ins" },
    ]);
    const staffPages = pages.filter((page) => page.kind === "staff");
    // Every one behind the Worker's Access gate, and nothing else of the registry.
    expect(staffPages.every((page) => isStaffPath(page.example ?? page.path))).toBe(true);
    expect(pages.filter((page) => page.kind !== "staff" && isStaffPath(page.path))).toEqual([]);
    expect(sitemapPaths.filter((path) => path.startsWith("/staff"))).toEqual([]);
  });

  it("says which addresses show buyers' holds, however React Router would be asked for the page", () => {
    const vehicle = (vehicleId: string) => ({ shows: "vehicle-holds", vehicleId });
    expect(holdsShownAt("/vehicle/ezgo-rxv-2019")).toEqual(vehicle("ezgo-rxv-2019"));
    expect(holdsShownAt("/vehicles/ezgo-rxv-2019")).toEqual(vehicle("ezgo-rxv-2019"));
    expect(holdsShownAt("/vehicle/ezgo-rxv-2019/reserve")).toEqual(vehicle("ezgo-rxv-2019"));
    for (const list of [
      "/",
      "/inventory",
      "/Inventory/",
      "//inventory",
      "/%69nventory",
      "/inventory.data",
      "/_.data",
    ]) {
      expect(holdsShownAt(list), list).toEqual({ shows: "holds" });
    }
    expect(holdsShownAt("/vehicle/ezgo-rxv-2019.data")).toEqual(vehicle("ezgo-rxv-2019"));
    expect(holdsShownAt("/vehicle/ezgo%2Drxv-2019")).toEqual(vehicle("ezgo-rxv-2019"));
    for (const other of [
      "/about",
      "/contact",
      "/denago",
      "/compare",
      "/feeds/products.xml",
      "/rentals/book",
      "/nope",
    ]) {
      expect(holdsShownAt(other), other).toEqual({ shows: "none" });
    }
  });

  it("has a vehicle's :id in every pattern whose page shows that vehicle's holds", () => {
    const vehiclePages = pages.filter((page) => page.shows === "vehicle-holds");
    expect(vehiclePages.map((page) => page.path)).toEqual(["/vehicle/:id", "/vehicles/:id", "/vehicle/:id/reserve"]);
    for (const page of vehiclePages) expect(page.path.split("/"), page.path).toContain(":id");
  });

  it("names every route once", () => {
    const ids = pages.map((page) => page.id ?? page.module);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages.at(-1)?.path).toBe("*");
  });
});
