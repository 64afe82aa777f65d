import { site } from "~/config/site";
import { data, redirect } from "react-router";
import { getVehicle } from "~/features/catalogue/catalogue.server";
import { vehicleIdSchema } from "~/features/catalogue/vehicle";
import {
  acceptContactMessage,
  isSameOrigin,
  tooManyMessages,
  verifyTurnstile,
  withinRateLimit,
} from "~/features/contact/contact-intake.server";
import { ContactPage } from "~/features/contact/ContactPage";
import { contactSchema, fieldErrorsFromZod } from "~/features/contact/contact-schema.server";
import { pageMeta } from "~/seo/meta";
import { workerContext } from "~/server/context.server";
import type { Route } from "./+types/contact";

export async function loader({ url, context }: Route.LoaderArgs) {
  const requested = vehicleIdSchema.safeParse(url.searchParams.get("vehicle") ?? "");
  const vehicle = requested.success ? await getVehicle(context.get(workerContext).db, requested.data) : null;
  const turnstileSiteKey = context.get(workerContext).env.TURNSTILE_SITE_KEY || undefined;
  return { vehicle: vehicle ? { id: vehicle.id, name: vehicle.name } : null, turnstileSiteKey };
}

/** The form without JavaScript: the same checks and pipeline as POST /api/contact. */
export async function action({ request, context }: Route.ActionArgs) {
  const { env } = context.get(workerContext);
  if (!isSameOrigin(request)) throw data("Requests from other sites are not accepted", { status: 403 });
  const values = Object.fromEntries(await request.formData()) as Record<string, string>;
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    return data(
      { error: "Please correct the highlighted fields", fields: fieldErrorsFromZod(parsed.error), values },
      { status: 400 },
    );
  }
  if (!(await withinRateLimit(env, request)))
    return data({ error: tooManyMessages, fields: {}, values }, { status: 429 });
  const token = values["cf-turnstile-response"];
  if (!(await verifyTurnstile(env.TURNSTILE_SECRET, token, request.headers.get("CF-Connecting-IP")))) {
    return data(
      { error: "We could not confirm you are not a robot. Please try again.", fields: {}, values },
      { status: 403 },
    );
  }
  await acceptContactMessage(env, parsed.data);
  return redirect("/thank-you");
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
        serverErrors={actionData?.fields}
        serverValues={actionData?.values}
        vehicleId={loaderData.vehicle?.id}
        vehicleName={loaderData.vehicle?.name}
        turnstileSiteKey={loaderData.turnstileSiteKey}
      />
    </>
  );
}
