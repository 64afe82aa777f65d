import { pageMeta } from "~/features/seo/meta";

export function meta() {
  return pageMeta({ title: "Golf Cart Inventory", description: "Browse new and pre-owned electric golf carts in stock.", path: "/inventory" });
}

export default function InventoryPage() {
  return (
    <section className="container page-section">
      <h1>Golf Cart Inventory</h1>
    </section>
  );
}
