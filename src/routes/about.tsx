import { pageMeta } from "~/features/seo/meta";

export function meta() {
  return pageMeta({ title: "About Us", description: "Our story, values, team and the towns we serve.", path: "/about" });
}

export default function AboutPage() {
  return (
    <section className="container page-section">
      <h1>About Us</h1>
    </section>
  );
}
