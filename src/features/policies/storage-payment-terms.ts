import { storage } from "~/config/business-terms";
import { formatPrice } from "~/lib/format";

/**
 * The storage policy's payment and notice terms, one sentence each: the policy page lists them and
 * the storage booking form and a booking's page repeat them beside what the owner agrees to.
 */
export const storagePaymentTerms: readonly string[] = [
  `A ${formatPrice(storage.lateFee)} late fee applies to payments more than ${storage.lateAfterDays} days overdue.`,
  `Overdue accounts get written notice at ${storage.overdueSteps.slice(0, -1).join(", ")} and ${storage.overdueSteps.at(-1)} days; after the last, the cart is treated as abandoned under these terms.`,
  `Either side may end the agreement with ${storage.terminationNoticeDays} days' written notice.`,
];
