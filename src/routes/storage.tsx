import { storage } from "~/config/business-terms";
import { formatPrice } from "~/lib/format";
import { StoragePage } from "~/features/storage/StoragePage";
import { pageMeta } from "~/seo/meta";

export function meta() {
  return pageMeta({
    title: "Golf Cart Storage: Indoor and Covered Outdoor",
    description: `Store your golf cart between seasons: indoor ${formatPrice(storage.indoorMonthly)} or covered outdoor ${formatPrice(storage.outdoorMonthly)} a month, winter and summer packages, maintenance and pre-season prep. Book online.`,
    path: "/storage",
    breadcrumb: "Storage",
  });
}

export default StoragePage;
