import { pageMeta } from "~/features/seo/meta";

export function meta() {
  return pageMeta({ title: "Eco-Impact Calculator", description: "Estimate the CO2 and fuel an electric cart saves.", path: "/eco-impact" });
}

export default function EcoImpactPage() {
  return (
    <section className="container page-section">
      <h1>Eco-Impact Calculator</h1>
    </section>
  );
}
