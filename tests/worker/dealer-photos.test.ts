import { createExecutionContext, env } from "cloudflare:test";
import { createElement, type ComponentType } from "react";
import { renderToReadableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { homeFeaturedIds } from "~/features/catalogue/featured.server";
import { vehicleIdSchema } from "~/features/catalogue/vehicle";
import { dealerPlaces } from "~/features/photos/dealer-places";
import { createRouterContext } from "~/server/context.server";
import * as aboutRoute from "~/routes/about";
import * as contactRoute from "~/routes/contact";
import * as showroomRoute from "~/routes/showroom";
import { validateCatalogueFile } from "../../scripts/staff/catalogue-file";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { runSql } from "./run-sql";

/**
 * The dealer's own photos leading the pages about the dealer, read from D1 by the real route
 * loaders and rendered as the Worker renders them: each page's own photo, else the showroom's,
 * else the featured carts.
 */

const featured = seedCatalogue.filter((vehicle) => (homeFeaturedIds as readonly string[]).includes(vehicle.id));

beforeAll(async () => {
  await runSql(upsertVehiclesSql(featured));
});

interface RouteModule {
  loader: (args: never) => Promise<unknown>;
  default: ComponentType<never>;
}

/** The page's HTML as the Worker sends it, from its route module's own loader and component. */
async function pageHtml(path: string, route: RouteModule): Promise<string> {
  const handler = createStaticHandler([
    {
      id: "page",
      path,
      loader: (args) => route.loader(args as never),
      Component: () => createElement(route.default, { loaderData: useLoaderData() } as never),
    },
  ]);
  const requestContext = createRouterContext({ env, ctx: createExecutionContext(), nonce: "test" });
  const context = await handler.query(new Request(`https://www.example.com${path}`), { requestContext });
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const stream = await renderToReadableStream(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  await stream.allReady;
  return new Response(stream).text();
}

const pages = { "/about": aboutRoute, "/contact": contactRoute, "/showroom": showroomRoute } as const;

/** What leads the page's hero: the place whose photo it shows, or the featured carts. */
async function heroOf(path: keyof typeof pages): Promise<string> {
  const html = await pageHtml(path, pages[path] as unknown as RouteModule);
  const hero = /<section class="hero">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? "";
  const photo = /<img[^>]*\bsrc="\/photos\/([a-z]+)\/[0-9a-f]{16}-\d+x\d+\.jpg"/.exec(hero)?.[1];
  if (photo) return `${photo} photo`;
  const carts = [...hero.matchAll(/<a href="\/vehicle\/([^"]+)"/g)].map((match) => match[1]);
  return carts.length > 0 ? `carts: ${carts.join(", ")}` : "nothing";
}

async function addPhoto(place: string, hash: string) {
  await env.DB.prepare("UPDATE dealer_photos SET images = ? WHERE place = ?")
    .bind(JSON.stringify([`/photos/${place}/${hash}-1600x1200.jpg`]), place)
    .run();
}

const carts = `carts: ${homeFeaturedIds.join(", ")}`;

describe("the pages about the dealer", () => {
  it("show the featured carts while staff have added no photo", async () => {
    expect(await heroOf("/about")).toBe(carts);
    expect(await heroOf("/contact")).toBe(carts);
  });

  it("lead with the showroom's photo until they have their own", async () => {
    await addPhoto("showroom", "0123456789abcdef");
    expect(await heroOf("/about")).toBe("showroom photo");
    expect(await heroOf("/contact")).toBe("showroom photo");
  });

  it("lead with their own photo once staff add one, and leave the others alone", async () => {
    await addPhoto("about", "1111111111111111");
    expect(await heroOf("/about")).toBe("about photo");
    expect(await heroOf("/contact")).toBe("showroom photo");
    expect(await heroOf("/showroom")).toBe("showroom photo");

    await addPhoto("contact", "2222222222222222");
    expect(await heroOf("/contact")).toBe("contact photo");
    expect(await heroOf("/about")).toBe("about photo");
  });

  it("keep the contact page's call and e-mail buttons beside the photo", async () => {
    const html = await pageHtml("/contact", contactRoute as unknown as RouteModule);
    const hero = /<section class="hero">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? "";
    expect(hero).toMatch(/<a href="tel:[^"]+" class="button button--accent">Call /);
    expect(hero).toMatch(/<a href="mailto:[^"]+" class="button button--on-dark">E-mail /);
    expect(hero).toContain('src="/photos/contact/2222222222222222-');
  });
});

describe("the names of the dealer's places", () => {
  it("cannot be vehicle ids, in the schema or in a staff import file", () => {
    for (const place of ["about", "contact", ...dealerPlaces]) {
      expect(vehicleIdSchema.safeParse(place).success, place).toBe(false);
    }
    const result = validateCatalogueFile([{ ...featured[0]!, id: "contact" }]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toContainEqual(expect.objectContaining({ row: "contact", field: "id" }));
  });
});

describe("migration 0014", () => {
  const migration = (prefix: string) => {
    const found = env.TEST_MIGRATIONS.find((candidate) => candidate.name.startsWith(prefix));
    if (!found) throw new Error(`no migration ${prefix}`);
    return found.queries.map((query) => env.DB.prepare(query));
  };
  const catalogueVersion = async () =>
    (await env.DB.prepare("SELECT version FROM catalogue_state WHERE id = 1").first<{ version: number }>())!.version;

  it("keeps the home and showroom photos staff added before it, and adds about and contact", async () => {
    // The table as 0013 left it, with photos in it, then 0014 applied as `migrations apply` would.
    await env.DB.prepare("DROP TABLE dealer_photos").run();
    await env.DB.batch(migration("0013_"));
    const before = {
      home: ["/photos/home/3333333333333333-1200x800.jpg"],
      showroom: ["/photos/showroom/4444444444444444-1600x1200.jpg", "/photos/showroom/5555555555555555-800x600.jpg"],
    };
    for (const [place, images] of Object.entries(before)) {
      await env.DB.prepare("UPDATE dealer_photos SET images = ? WHERE place = ?")
        .bind(JSON.stringify(images), place)
        .run();
    }
    await env.DB.batch(migration("0014_"));

    const { results } = await env.DB.prepare("SELECT place, images FROM dealer_photos ORDER BY place").all<{
      place: string;
      images: string;
    }>();
    expect(Object.fromEntries(results.map((row) => [row.place, JSON.parse(row.images)]))).toEqual({
      about: [],
      contact: [],
      ...before,
    });
    expect(results.map((row) => row.place).sort()).toEqual([...dealerPlaces].sort());

    // Still a photo change moves every cached page, and still no place but the four.
    const version = await catalogueVersion();
    await addPhoto("about", "6666666666666666");
    expect(await catalogueVersion()).toBe(version + 1);
    await expect(env.DB.prepare("INSERT INTO dealer_photos (place) VALUES ('garage')").run()).rejects.toThrow(
      /CHECK constraint failed/,
    );
  });
});
