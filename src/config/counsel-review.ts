/**
 * Statements the site makes before the dealer's counsel has approved their words (issue 55): each
 * is shown with this mark, so a visitor reads it as the dealer's understanding rather than settled
 * law, and README's deploy steps list them for counsel. Drop a statement's mark once counsel has
 * approved it (or rewrite it as counsel says).
 */
export const counselReviewMark = "Unconfirmed: wording for counsel to confirm.";
