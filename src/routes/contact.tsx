import { robotCheckKey } from "~/server/turnstile.server";
import { site } from "~/config/site";
import { data, redirectDocument } from "react-router";
import { getVehicle } from "~/features/catalogue/catalogue.server";
import { featuredHeroCarts } from "~/features/catalogue/featured.server";
import { vehicleIdSchema } from "~/features/catalogue/vehicle";
import { takeContactMessage } from "~/features/contact/contact-intake.server";
import { thankYouPath } from "~/features/contact/contact-rules";
import { ContactPage } from "~/features/contact/ContactPage";
import { leadingDealerPhoto } from "~/features/photos/dealer-photos.server";
import { pageMeta } from "~/seo/meta";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/contact";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db, env } = context.get(workerContext);
  const requested = vehicleIdSchema.safeParse(url.searchParams.get("vehicle") ?? "");
  const [vehicle, photo, featured] = await Promise.all([
    requested.success ? getVehicle(db, requested.data) : null,
    leadingDealerPhoto(db, "contact"),
    featuredHeroCarts(db),
  ]);
  const turnstileSiteKey = robotCheckKey(env);
  return { vehicle: vehicle ? { id: vehicle.id, name: vehicle.name } : null, turnstileSiteKey, photo, featured };
}

/** The form without JavaScript: the same intake as POST /api/contact, answered as the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await takeContactMessage(context.get(workerContext).env, request, "form");
  if (outcome.accepted) return redirectDocument(thankYouPath);
  const { status, error, fields, values, retryAfterSeconds } = outcome;
  const headers: HeadersInit = retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : {};
  return data({ error, fields, values }, { status, headers });
}

export function meta() {
  return pageMeta({
    title: "Contact Us",
    description: `Call, e-mail or send a message to our golf cart sales, rental and service team. We reply within ${site.responseTimeHours.longest} hours.`,
    path: "/contact",
    breadcrumb: "Contact",
  });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      {actionData?.error ? (
        <p role="alert" className="container field__error page-section">
          {actionData.error}
        </p>
      ) : null}
      <ContactPage
        photo={loaderData.photo}
        featured={loaderData.featured}
        serverErrors={actionData?.fields}
        serverValues={actionData?.values}
        vehicleId={loaderData.vehicle?.id}
        vehicleName={loaderData.vehicle?.name}
        turnstileSiteKey={loaderData.turnstileSiteKey}
      />
    </>
  );
}
