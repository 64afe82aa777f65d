import { FinancingPage } from "~/features/financing/FinancingPage";
import { financingMeta, financingQuestions } from "~/features/financing/partners";
import { pageMeta } from "~/seo/meta";
import { faqJsonLd } from "~/seo/structured-data";

export function meta() {
  return pageMeta({
    ...financingMeta,
    path: "/financing",
    breadcrumb: "Financing",
    structuredData: [faqJsonLd(financingQuestions)],
  });
}

export default FinancingPage;
