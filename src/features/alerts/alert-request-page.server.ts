import { BodyRefusal, readFormBody } from "~/server/post-body.server";
import { alertTerms } from "~/config/alert-terms";
import { alertBodyFromForm, takeAlertBody } from "./alert-intake.server";

/** What the /alerts page shows: the form as it was sent (to send again) and the outcome. */
export interface AlertRequestView {
  kind: "search" | "price" | "back" | "rental";
  fields: Record<string, string>;
  email: string;
  outcome:
    { accepted: true } | { accepted: false; status: number; error: string; fields: Record<string, string> } | null;
}

const watchedNames = [
  "vehicleId",
  "q",
  "brand",
  "category",
  "price",
  "seats",
  "condition",
  "lsv",
  "plan",
  "start",
  "days",
];

function viewOf(values: { get(name: string): string | null }): Omit<AlertRequestView, "outcome"> {
  const kindValue = values.get("kind");
  const kind = kindValue === "price" || kindValue === "back" || kindValue === "rental" ? kindValue : "search";
  const fields: Record<string, string> = {};
  for (const name of watchedNames) {
    const value = values.get(name);
    if (value) fields[name] = value.slice(0, 100);
  }
  return { kind, fields, email: (values.get("email") ?? "").slice(0, 254) };
}

/** GET /alerts?kind=...&seats=6: the form for that search or vehicle, with nothing sent yet. */
export function alertRequestFromQuery(params: URLSearchParams): AlertRequestView {
  return { ...viewOf({ get: (name) => (name === "email" ? null : params.get(name)) }), outcome: null };
}

/** POST /alerts: the plain form's request, taken by the API's own intake. */
export async function alertRequestFromForm(env: Env, request: Request): Promise<AlertRequestView> {
  const form = await readFormBody(request, alertTerms.bodyBytes);
  if (form instanceof BodyRefusal) {
    return {
      kind: "search",
      fields: {},
      email: "",
      outcome: { accepted: false, status: form.status, error: form.error, fields: {} },
    };
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  const view = viewOf({ get: text });
  const outcome = await takeAlertBody(env, request, alertBodyFromForm(form));
  return {
    ...view,
    outcome: outcome.ok
      ? { accepted: true }
      : { accepted: false, status: outcome.status, error: outcome.error, fields: outcome.fields },
  };
}
