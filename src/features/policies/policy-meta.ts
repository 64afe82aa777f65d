import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/features/seo/meta";
import { breadcrumbJsonLd, faqJsonLd } from "~/features/seo/structured-data";
import type { PolicyDocument } from "./policy-document";

export function policyMeta(document: PolicyDocument, path: string): MetaDescriptor[] {
  return [
    ...pageMeta({
      title: document.title,
      description: document.description,
      path,
      type: "article",
      structuredData: [
        breadcrumbJsonLd([
          { name: "Home", path: "/" },
          { name: document.title, path },
        ]),
        ...(document.questions ? [faqJsonLd(document.questions)] : []),
      ],
    }),
    { name: "keywords", content: document.keywords.join(", ") },
  ];
}
