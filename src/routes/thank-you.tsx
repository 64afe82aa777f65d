import { ThankYouPage } from "~/features/contact/ThankYouPage";
import { pageMeta } from "~/seo/meta";

export function meta() {
  return [
    ...pageMeta({
      title: "Thank You",
      description: "Your message reached our team. Here is what happens next.",
      path: "/thank-you",
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default ThankYouPage;
