import { FinancingPage } from "~/features/financing/FinancingPage";
import { loanTerms } from "~/config/loan-terms";
import { pageMeta } from "~/seo/meta";
import { faqJsonLd } from "~/seo/structured-data";

export function meta() {
  return pageMeta({
    title: `Golf Cart Financing: APR from ${loanTerms.minimumAprPercent}%, ${loanTerms.minimumTermMonths}-${loanTerms.maximumTermMonths} Month Terms`,
    description: `Finance a golf cart with eight lending partners: APR from as low as ${loanTerms.minimumAprPercent}%, terms of ${loanTerms.minimumTermMonths} to ${loanTerms.maximumTermMonths} months. Subject to credit approval.`,
    path: "/financing",
    breadcrumb: "Financing",
    structuredData: [
      faqJsonLd([
        {
          question: "What APR can I get on a golf cart?",
          answer: `From as low as ${loanTerms.minimumAprPercent}% on select models for qualified buyers. ${loanTerms.disclaimer}`,
        },
        {
          question: "How long can I finance a golf cart?",
          answer: `Terms run from ${loanTerms.minimumTermMonths} to ${loanTerms.maximumTermMonths} months.`,
        },
      ]),
    ],
  });
}

export default FinancingPage;
