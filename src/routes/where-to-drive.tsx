import { roadUseGuide } from "~/features/road-use/road-use-content";
import { roadUsePath } from "~/config/pages";
import { RoadUsePage } from "~/features/road-use/RoadUsePage";
import { pageMeta } from "~/seo/meta";
import { faqJsonLd } from "~/seo/structured-data";

export function meta() {
  return pageMeta({
    title: roadUseGuide.title,
    description: roadUseGuide.description,
    path: roadUsePath,
    type: "article",
    breadcrumb: "Where a cart may drive",
    structuredData: [faqJsonLd(roadUseGuide.questions)],
  });
}

export default RoadUsePage;
