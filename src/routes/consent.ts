import { redirect } from "react-router";
import { answerConsentPost } from "~/server/consent-post.server";
import type { Route } from "./+types/consent";

export async function action({ request }: Route.ActionArgs) {
  return answerConsentPost(request);
}

export function loader() {
  return redirect("/");
}
