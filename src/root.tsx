import { isRouteErrorResponse, Links, Meta, Outlet, useMatches } from "react-router";
import { islandScripts } from "virtual:islands";
import { readConsent } from "~/lib/consent";
import { Footer } from "~/shell/Footer";
import { Header } from "~/shell/Header";
import { NotFound } from "~/shell/NotFound";
import { useNonce } from "~/lib/nonce";
import { isIslandRoute, isStaffRoute } from "~/config/pages";
import { StaffHeader } from "~/shell/StaffHeader";
import type { Route } from "./+types/root";
import { stylesheetHref } from "./styles/stylesheet";

export const links: Route.LinksFunction = () => [
  // With a precedence React writes the stylesheet ahead of anything else it hoists into the head,
  // so the browser asks for the one render-blocking file first.
  { rel: "stylesheet", href: stylesheetHref, precedence: "default" },
];

export function loader({ request }: Route.LoaderArgs) {
  return { consent: readConsent(request.headers.get("Cookie")) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Every page is a plain document, whose links, forms, menus (<details>) and scrolling are the
  // browser's own. The few the registry marks `island` add one small script, their island, named
  // after the route module (routes/contact.tsx loads contact.island.ts): it makes the one form or
  // calculator live, without loading React or the router (docs/decisions.md, issue 49).
  const matches = useMatches();
  const islandMatch = matches.find((match) => isIslandRoute(match.id));
  const island = islandMatch ? islandScripts[islandMatch.id.replace(/^routes\//, "")] : undefined;
  // Staff pages have their own header and no shop footer: they are a tool, not a page of the shop.
  const isStaff = matches.some((match) => isStaffRoute(match.id));
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14532d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {isStaff ? <StaffHeader /> : <Header />}
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {isStaff ? null : <Footer />}
        {island ? <script type="module" nonce={nonce} src={island.src} /> : null}
        {import.meta.env.DEV ? <script type="module" nonce={nonce} src="/src/shell/dev-reload.ts" /> : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // Visitors never see a stack trace; the Worker logs the error.
  return (
    <section className="container page-section">
      <h1>Something went wrong</h1>
      <p>
        This page could not be shown just now. Please try again in a moment, or call us and we will help right away.
      </p>
    </section>
  );
}
