import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/seo/meta";
import { faqJsonLd } from "~/seo/structured-data";
import type { PolicyDocument } from "./policy-document";

export function policyMeta(document: PolicyDocument, path: string): MetaDescriptor[] {
  return [
    ...pageMeta({
      title: document.title,
      description: document.description,
      path,
      type: "article",
      breadcrumb: document.title,
      structuredData: document.questions ? [faqJsonLd(document.questions)] : [],
    }),
    { name: "keywords", content: document.keywords.join(", ") },
  ];
}
