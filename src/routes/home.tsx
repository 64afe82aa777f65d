import { pageMeta } from "~/features/seo/meta";

export function meta() {
  return pageMeta({ title: "Electric Golf Carts in Northeastern Pennsylvania", description: "Sales, rentals, service and financing of DENAGO and EVOLUTION electric golf carts.", path: "/" });
}

export default function HomePage() {
  return (
    <section className="container page-section">
      <h1>Electric Golf Carts in Northeastern Pennsylvania</h1>
    </section>
  );
}
