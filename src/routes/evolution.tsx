import { pageMeta } from "~/features/seo/meta";

export function meta() {
  return pageMeta({ title: "EVOLUTION Electric Vehicles", description: "The EVOLUTION lineup of premium electric vehicles.", path: "/evolution" });
}

export default function EvolutionPage() {
  return (
    <section className="container page-section">
      <h1>EVOLUTION Electric Vehicles</h1>
    </section>
  );
}
