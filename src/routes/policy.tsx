import { data } from "react-router";
import { staticPageHandle } from "~/features/layout/route-handle";
import { policyLinks } from "~/features/policies/policy-list";
import type { Route } from "./+types/policy";

export const handle = staticPageHandle;

export function loader({ params }: Route.LoaderArgs) {
  const policy = policyLinks.find((candidate) => candidate.slug === params.slug);
  if (!policy) throw data(null, { status: 404 });
  return { policy };
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container page-section">
      <h1>{loaderData.policy.title}</h1>
    </section>
  );
}
