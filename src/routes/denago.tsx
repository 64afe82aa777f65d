import { pageMeta } from "~/features/seo/meta";

export function meta() {
  return pageMeta({ title: "DENAGO Electric Vehicles", description: "The DENAGO lineup of electric golf carts.", path: "/denago" });
}

export default function DenagoPage() {
  return (
    <section className="container page-section">
      <h1>DENAGO Electric Vehicles</h1>
    </section>
  );
}
