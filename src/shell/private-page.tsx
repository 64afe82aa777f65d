import { isRouteErrorResponse } from "react-router";
import { site } from "~/config/site";
import { socialCardMeta } from "~/seo/meta";
import { NotFound } from "./NotFound";

/**
 * The parts every private page's route shares (a customer's booking page, a staff page): only its
 * holder's link opens it, so neither the edge cache nor the browser's stores it and no search
 * engine lists it.
 */
export function privatePageHeaders() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

/** The document title of a private page, or of the not-found page a link nobody holds gets. */
export function privatePageMeta(title: string | undefined) {
  return [
    { title: `${title ?? "404 Page Not Found"} | ${site.name}` },
    { name: "robots", content: "noindex" },
    ...socialCardMeta(),
  ];
}

/** A link nobody holds gets the site's not-found page, titled and unindexed like any other. */
export function NotFoundBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}

/**
 * A staff page's boundary: a post it refused (a body that is not a form, from another site) shows
 * the refusal's own words under its status; a link nobody holds gets the not-found page.
 */
export function StaffPageBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 && error.status !== 404) {
    return (
      <div className="container page-section staff-page">
        <h1>Not accepted</h1>
        <p role="alert" className="field__error">
          {typeof error.data === "string" ? error.data : error.statusText}
        </p>
      </div>
    );
  }
  return <NotFoundBoundary error={error} />;
}
