import { policyMeta } from "~/features/policies/policy-meta";
import { PolicyPage } from "~/features/policies/PolicyPage";
import { termsDocument } from "~/features/policies/site-documents";

export function meta() {
  return policyMeta(termsDocument, "/terms");
}

export default function Terms() {
  return <PolicyPage document={termsDocument} />;
}
