import { storage } from "~/config/business-terms";
import { lienAndSale } from "~/config/lien-and-sale";
import { formatPrice } from "~/lib/format";

/**
 * The storage policy's payment and notice terms, one sentence each: the policy page lists them and
 * the storage booking form and a booking's page repeat them beside what the owner agrees to.
 */
export const storagePaymentTerms: readonly string[] = [
  `A ${formatPrice(storage.lateFee)} late fee applies to payments more than ${storage.lateAfterDays} days overdue.`,
  `Overdue accounts get written notice at ${storage.overdueSteps.slice(0, -1).join(", ")} and ${storage.overdueSteps.at(-1)} days. If the account is still unpaid after the last, ${lienAndSale.procedure} ${lienAndSale.counselReviewMark}`,
  `Either side may end the agreement with ${storage.terminationNoticeDays} days' written notice.`,
];
