import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import { readConsent } from "~/lib/consent";
import { Footer } from "~/shell/Footer";
import { Header } from "~/shell/Header";
import { NotFound } from "~/shell/NotFound";
import { useNonce } from "~/lib/nonce";
import { isHydratedRoute, isStaffRoute } from "~/config/pages";
import { StaffHeader } from "~/shell/StaffHeader";
import { ScrollToTop } from "~/shell/ScrollToTop";
import type { Route } from "./+types/root";
import { stylesheetHref } from "./styles/stylesheet";

export const links: Route.LinksFunction = () => [
  // With a precedence React writes the stylesheet ahead of the script preloads it hoists into the
  // head, so the browser asks for the one render-blocking file first and paints without waiting
  // for connections busy with JavaScript.
  { rel: "stylesheet", href: stylesheetHref, precedence: "default" },
];

export function loader({ request }: Route.LoaderArgs) {
  return { consent: readConsent(request.headers.get("Cookie")) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Only the pages the registry marks hydrated load scripts; the rest are plain documents, whose
  // links, forms, menus (<details>) and scrolling are the browser's own.
  const matches = useMatches();
  const isHydrated = matches.some((match) => isHydratedRoute(match.id));
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
        {isHydrated ? (
          <>
            {/* Renders nothing; a change of location within the app starts at the top. */}
            <ScrollToTop />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : import.meta.env.DEV ? (
          <script type="module" nonce={nonce} src="/src/shell/dev-reload.ts" />
        ) : null}
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
