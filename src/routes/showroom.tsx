import { pageMeta } from "~/features/seo/meta";

export function meta() {
  return pageMeta({ title: "Showroom and Locations", description: "Visit our showroom or shop online.", path: "/showroom" });
}

export default function ShowroomPage() {
  return (
    <section className="container page-section">
      <h1>Showroom and Locations</h1>
    </section>
  );
}
