import { pageMeta } from "~/features/seo/meta";

export function meta() {
  return pageMeta({ title: "Golf Cart Service and Repair", description: "Maintenance, repair, battery service, custom modifications and warranty work.", path: "/services" });
}

export default function ServicesPage() {
  return (
    <section className="container page-section">
      <h1>Golf Cart Service and Repair</h1>
    </section>
  );
}
