import { data } from "react-router";
import { findPolicy } from "~/features/policies/documents";
import { policyMeta } from "~/features/policies/policy-meta";
import { PolicyPage } from "~/features/policies/PolicyPage";
import type { Route } from "./+types/policy";

export function loader({ params }: Route.LoaderArgs) {
  const document = findPolicy(params.slug);
  if (!document) throw data(null, { status: 404 });
  return { slug: document.slug };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const document = findPolicy(loaderData?.slug);
  return document ? policyMeta(document, `/policies/${document.slug}`) : [{ title: "404 Page Not Found" }];
}

export default function Policy({ loaderData }: Route.ComponentProps) {
  const document = findPolicy(loaderData.slug);
  return document ? <PolicyPage document={document} /> : null;
}
