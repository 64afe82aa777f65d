import { pageMeta } from "~/features/seo/meta";

export function meta() {
  return pageMeta({ title: "Thank You", description: "Your message reached us.", path: "/thank-you" });
}

export default function ThankYouPage() {
  return (
    <section className="container page-section">
      <h1>Thank You</h1>
    </section>
  );
}
