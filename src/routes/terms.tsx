import { pageMeta } from "~/features/seo/meta";
import { staticPageHandle } from "~/features/layout/route-handle";

export const handle = staticPageHandle;

export function meta() {
  return pageMeta({ title: "Terms of Service", description: "The terms for using this website.", path: "/terms" });
}

export default function TermsPage() {
  return (
    <section className="container page-section">
      <h1>Terms of Service</h1>
    </section>
  );
}
