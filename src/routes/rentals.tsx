import { pageMeta } from "~/features/seo/meta";

export function meta() {
  return pageMeta({ title: "Golf Cart Rentals", description: "Rent a 4-seater, 6-seater or utility golf cart by the day, week or month.", path: "/rentals" });
}

export default function RentalsPage() {
  return (
    <section className="container page-section">
      <h1>Golf Cart Rentals</h1>
    </section>
  );
}
