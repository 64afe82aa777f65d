import { policyMeta } from "~/features/policies/policy-meta";
import { PolicyPage } from "~/features/policies/PolicyPage";
import { privacyDocument } from "~/features/policies/site-documents";

export function meta() {
  return policyMeta(privacyDocument, "/privacy");
}

export default function Privacy() {
  return <PolicyPage document={privacyDocument} />;
}
