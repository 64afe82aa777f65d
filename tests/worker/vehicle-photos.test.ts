import { createExecutionContext, env } from "cloudflare:test";
import { createElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useLoaderData,
  type LoaderFunctionArgs,
} from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { VehicleDetail, type VehicleDetailProps } from "~/features/catalogue/VehicleDetail";
import { summarizeVehicle } from "~/features/catalogue/vehicle-summary";
import { VehicleCard } from "~/features/catalogue/VehicleCard";
import { createRouterContext } from "~/server/context.server";
import * as feedRoute from "~/routes/product-feed";
import * as vehicleRoute from "~/routes/vehicle";
import { upsertVehiclesSql } from "../../scripts/staff/catalogue-sql";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { runSql } from "./run-sql";

/**
 * Staff photos on the pages, read from D1 by the real route loaders and rendered by React as the
 * Worker renders them: every photo in every width and format, the first first, the rest lazily.
 */
const drawn = seedCatalogue.find((vehicle) => vehicle.images.length === 1 && vehicle.images[0]!.endsWith(".svg"))!;
const photos = [
  "/photos/photo-cart/0123456789abcdef-1600x1200.jpg",
  "/photos/photo-cart/fedcba9876543210-1200x1600.jpg",
];
// The model's drawing stays in the list, first even, as it does after `photos add`: photos lead the page.
// A golf cart, so that the Merchant Center feed lists it (street-legal LSVs stay out of Shopping ads).
const photographed: Vehicle = {
  ...drawn,
  id: "photo-cart",
  name: "Photo Cart",
  images: [drawn.images[0]!, ...photos],
  roadClass: "golf-cart",
};

beforeAll(async () => {
  await runSql(upsertVehiclesSql([drawn, photographed]));
});

function routerContext() {
  return createRouterContext({ env, ctx: createExecutionContext(), nonce: "test" });
}

/** The vehicle page's body as the Worker sends it, and its meta tags from the route's own meta(). */
async function vehiclePage(id: string) {
  const handler = createStaticHandler([
    {
      id: "vehicle",
      path: "/vehicle/:id",
      loader: (args: LoaderFunctionArgs) => vehicleRoute.loader(args as Parameters<typeof vehicleRoute.loader>[0]),
      Component: () => createElement(VehicleDetail, useLoaderData() as VehicleDetailProps),
    },
  ]);
  const request = new Request(`https://www.example.com/vehicle/${id}`);
  const context = await handler.query(request, { requestContext: routerContext() });
  if (context instanceof Response) throw new Error(`answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const stream = await renderToReadableStream(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  await stream.allReady;
  const loaderData = context.loaderData["vehicle"] as Awaited<ReturnType<typeof vehicleRoute.loader>>;
  const meta = vehicleRoute.meta({ loaderData } as Parameters<typeof vehicleRoute.meta>[0]);
  return { html: await new Response(stream).text(), meta };
}

type Attributes = Record<string, string>;
interface Picture {
  sources: Attributes[];
  img: Attributes;
}

/** The page's `<img>` elements, each with the `<source>`s of its `<picture>`, by a real HTML parser. */
async function images(html: string): Promise<Picture[]> {
  const found: Picture[] = [];
  let sources: Attributes[] = [];
  const attributes = (element: Element) =>
    Object.fromEntries(element.attributes as unknown as Iterable<[string, string]>);
  await new HTMLRewriter()
    .on("picture", { element: () => void (sources = []) })
    .on("picture source", { element: (element) => void sources.push(attributes(element)) })
    .on("img", {
      element: (element) => {
        found.push({ sources, img: attributes(element) });
        sources = [];
      },
    })
    .transform(new Response(html))
    .text();
  return found;
}

function metaContent(meta: ReturnType<typeof vehicleRoute.meta>, property: string): unknown {
  const entry = meta.find((descriptor) => "property" in descriptor && descriptor.property === property);
  return entry && "content" in entry ? entry.content : undefined;
}

function productImage(meta: ReturnType<typeof vehicleRoute.meta>): unknown {
  const data = meta.flatMap((descriptor) => ("script:ld+json" in descriptor ? [descriptor["script:ld+json"]] : []));
  const product = (data as { "@type": unknown; image?: unknown }[]).find(
    (entry) => Array.isArray(entry["@type"]) && entry["@type"].includes("Product"),
  );
  return product?.image;
}

const widths = (srcset: string | undefined) => srcset?.split(", ").map((candidate) => candidate.split(" ")[1]);

describe("a vehicle with staff photos", () => {
  it("shows every photo in every width and format, the first one first", async () => {
    const { html } = await vehiclePage("photo-cart");
    const all = await images(html);
    const shown = all.filter(({ img }) => img.src?.startsWith("/photos/photo-cart/"));
    expect(shown).toHaveLength(2);
    // Beside photos the drawing would pass for a photo of this cart: it is not shown.
    expect(all.map(({ img }) => img.src).filter((src) => src?.endsWith(".svg"))).toEqual([]);
    // AVIF stops at 1200 wide (what Cloudflare's Images binding makes); WebP and JPEG go to 1600.
    const expected = [
      {
        hash: "0123456789abcdef",
        width: "1600",
        height: "1200",
        widths: ["480w", "960w", "1600w"],
        avifWidths: ["480w", "960w", "1200w"],
      },
      {
        hash: "fedcba9876543210",
        width: "1200",
        height: "1600",
        widths: ["480w", "960w", "1200w"],
        avifWidths: ["480w", "960w", "1200w"],
      },
    ];
    shown.forEach(({ sources, img }, index) => {
      const photo = expected[index]!;
      expect(sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
      expect(widths(sources[0]!.srcset)).toEqual(photo.avifWidths);
      expect(widths(sources[1]!.srcset)).toEqual(photo.widths);
      for (const source of sources) {
        expect(source.srcset).toContain(`/photos/photo-cart/${photo.hash}-`);
        expect(source.sizes).toBeTruthy();
      }
      expect(sources[0]!.srcset).toMatch(/\.avif 480w/);
      expect(sources[1]!.srcset).toMatch(/\.webp 480w/);
      expect(widths(img.srcset)).toEqual(photo.widths);
      expect(img.srcset).toMatch(/\.jpg 480w/);
      expect(img.src).toMatch(new RegExp(`^/photos/photo-cart/${photo.hash}-960x\\d+\\.jpg$`));
      expect({ width: img.width, height: img.height }).toEqual({ width: photo.width, height: photo.height });
      expect(img.decoding).toBe("async");
    });
    // The first photo is preloaded from AVIF's own widths, the largest 1200 and not 1600.
    expect(html).toMatch(
      /<link rel="preload" as="image" type="image\/avif"[^>]*imageSrcSet="[^"]*0123456789abcdef-960x720\.avif 960w, [^"]*0123456789abcdef-1200x900\.avif 1200w"/,
    );
    const [first, second] = shown.map(({ img }) => img);
    expect(first!.fetchpriority).toBe("high");
    expect(first!.loading).not.toBe("lazy");
    expect(first!.alt).toBe("Photo Cart");
    expect(second!.loading).toBe("lazy");
    expect(second!.fetchpriority).toBeUndefined();
    expect(second!.alt).toBe("Photo Cart, photo 2 of 2");
  });

  it("links each photo to its largest JPEG, so it opens full size without a script", async () => {
    const { html } = await vehiclePage("photo-cart");
    for (const photo of photos) expect(html).toContain(`href="${photo}"`);
    expect(html).toMatch(
      /<ul[^>]*class="vehicle-gallery"[^>]*>\s*<li><a href="\/photos\/photo-cart\/fedcba9876543210-1200x1600\.jpg"/,
    );
  });

  it("offers the photo's social card, and its largest JPEG to search and Merchant Center", async () => {
    const { meta } = await vehiclePage("photo-cart");
    expect(metaContent(meta, "og:image")).toBe("https://www.example.com/photos/photo-cart/0123456789abcdef-social.jpg");
    expect(metaContent(meta, "og:image:width")).toBe("1200");
    expect(metaContent(meta, "og:image:height")).toBe("630");
    expect(productImage(meta)).toEqual(photos.map((photo) => `https://www.example.com${photo}`));

    const feed = await feedRoute.loader({ context: routerContext() } as unknown as Parameters<
      typeof feedRoute.loader
    >[0]);
    const xml = await feed.text();
    const item = xml.split("<item>").find((entry) => entry.includes("<g:id>photo-cart</g:id>"))!;
    expect(item).toContain(`<g:image_link>https://www.example.com${photos[0]}</g:image_link>`);
  });
});

describe("a vehicle with only a drawing", () => {
  it("keeps its one drawing, card and raster as before", async () => {
    const { html, meta } = await vehiclePage(drawn.id);
    expect(html).not.toContain("<picture");
    expect(html).not.toContain("vehicle-gallery");
    const [main] = await images(html);
    expect(main).toEqual({
      sources: [],
      img: {
        src: drawn.images[0]!,
        alt: drawn.name,
        width: "640",
        height: "400",
        class: "vehicle-detail__image",
        fetchpriority: "high",
      },
    });
    const name = /^\/images\/vehicles\/(.+)\.svg$/.exec(drawn.images[0]!)![1];
    expect(metaContent(meta, "og:image")).toBe(`https://www.example.com/images/social/${name}.png`);
    expect(productImage(meta)).toBe(`https://www.example.com/images/vehicles/${name}.png`);
  });
});

describe("a vehicle card", () => {
  async function card(vehicle: Vehicle, eagerImage: boolean) {
    const handler = createStaticHandler([
      { path: "/", Component: () => createElement(VehicleCard, { vehicle: summarizeVehicle(vehicle), eagerImage }) },
    ]);
    const context = await handler.query(new Request("https://www.example.com/"));
    if (context instanceof Response) throw new Error(`answered ${context.status}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const stream = await renderToReadableStream(
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    );
    await stream.allReady;
    return images(await new Response(stream).text());
  }

  it("shows a photo in every format at the width of the card grid, lazily unless asked", async () => {
    const [lazy] = await card(photographed, false);
    expect(lazy!.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    expect(lazy!.img).toMatchObject({ width: "1600", height: "1200", loading: "lazy", class: "vehicle-card__image" });
    expect(lazy!.img.sizes).toMatch(/^\(min-width: 74em\) 14\.75rem, .*calc\(100vw - 4\.125rem\)$/);
    const [eager] = await card(photographed, true);
    expect(eager!.img.loading).toBe("eager");
  });

  it("keeps a drawing's plain 640x400 image", async () => {
    const [drawing] = await card(drawn, false);
    expect(drawing).toEqual({
      sources: [],
      img: {
        src: drawn.images[0]!,
        alt: "",
        width: "640",
        height: "400",
        loading: "lazy",
        class: "vehicle-card__image",
      },
    });
  });
});
