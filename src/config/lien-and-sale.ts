import { counselReviewMark } from "./counsel-review";

/**
 * What happens to a cart whose storage or repair charges stay unpaid: never "treated as abandoned"
 * (issue 55), but held under a lien and sold only by the notice-and-sale procedure Pennsylvania's
 * Uniform Commercial Code gives a warehouse for goods stored by someone not a merchant (13 Pa.C.S.
 * § 7210(b)): a notice in person or by registered or certified mail stating the claim, describing
 * the goods, demanding payment within a time of at least 10 days after it is received, and saying
 * conspicuously that unpaid goods will be advertised and sold by auction at a stated time and place;
 * the sale advertised once a week for two weeks in a newspaper of general circulation where it is
 * held, at least 15 days after the first advertisement; payment of the lien and the reasonable costs
 * before the sale ends it. The storage policy and the terms' service section both read it. Its words
 * await counsel's approval, so they carry the counsel-review mark.
 */
export const lienAndSale = {
  citation: "13 Pa.C.S. § 7210",
  procedure:
    "we hold the cart under a lien for the unpaid charges and may sell it only as 13 Pa.C.S. § 7210 allows: first a notice to you (and to anyone else we know claims the cart), in person or by registered or certified mail, stating what is owed, describing the cart, asking for payment within at least 10 days of your receiving it, and saying that unless paid the cart will be advertised and sold at auction at a stated time and place; then the sale, advertised once a week for two weeks in a newspaper of general circulation here and held at least 15 days after the first advertisement. You may pay what is owed and the reasonable costs of these steps at any time before the sale and take the cart back, and anything the sale brings beyond them is yours.",
  counselReviewMark,
} as const;
