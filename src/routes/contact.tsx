import { pageMeta } from "~/features/seo/meta";

export function meta() {
  return pageMeta({ title: "Contact Us", description: "Send us a message or call our sales line.", path: "/contact" });
}

export default function ContactPage() {
  return (
    <section className="container page-section">
      <h1>Contact Us</h1>
    </section>
  );
}
