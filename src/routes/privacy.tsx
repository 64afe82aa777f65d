import { pageMeta } from "~/features/seo/meta";
import { staticPageHandle } from "~/features/layout/route-handle";

export const handle = staticPageHandle;

export function meta() {
  return pageMeta({ title: "Privacy Policy", description: "How we collect, use and protect your information.", path: "/privacy" });
}

export default function PrivacyPage() {
  return (
    <section className="container page-section">
      <h1>Privacy Policy</h1>
    </section>
  );
}
