import { pageMeta } from "~/features/seo/meta";

export function meta() {
  return pageMeta({ title: "Golf Cart Financing", description: "Financing options for electric golf carts.", path: "/financing" });
}

export default function FinancingPage() {
  return (
    <section className="container page-section">
      <h1>Golf Cart Financing</h1>
    </section>
  );
}
