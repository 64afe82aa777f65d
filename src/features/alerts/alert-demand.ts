import { rentalPlans } from "~/config/rental-plans";
import { addDays } from "~/lib/calendar-days";
import { visibleText } from "~/lib/visible-text";
import { searchWords, subjectFromRow } from "./alert-subject";

/**
 * Demand as the dealer reads it before ordering stock: how many people wait (confirmed alerts) for
 * each search, each vehicle's price or return, and each rental class on each day. One query and one
 * reading of it, for the staff day view and `npm run alerts -- list` alike; no address is shown.
 */
export const demandSql = `SELECT kind, subject_key, min(subject) AS subject, count(*) AS waiting, min(created_at) AS since
  FROM alerts WHERE status = 'confirmed' GROUP BY kind, subject_key ORDER BY waiting DESC, since`;

export interface DemandRow {
  kind: string;
  subject_key: string;
  subject: string;
  waiting: number;
  since: string;
}

export interface DemandView {
  /** Each search or vehicle with the number of people waiting, most wanted first. */
  subjects: { label: string; waiting: number }[];
  /** Each rental class and day someone waits for a cart on, in day order. */
  rentalDays: { day: string; plan: string; waiting: number }[];
}

const kindWords: Record<string, string> = {
  search: "Search",
  price: "Price drop",
  back: "Back on sale",
};

export function demandView(rows: readonly DemandRow[]): DemandView {
  const subjects: DemandView["subjects"] = [];
  const days = new Map<string, { day: string; plan: string; waiting: number }>();
  for (const row of rows) {
    const subject = subjectFromRow(row.kind, row.subject);
    if (subject.kind === "rental") {
      const plan = rentalPlans.find((each) => each.id === subject.rental.plan)?.title ?? subject.rental.plan;
      for (let index = 0; index < subject.rental.days; index += 1) {
        const day = addDays(subject.rental.start, index);
        const entry = days.get(`${day} ${plan}`) ?? { day, plan, waiting: 0 };
        entry.waiting += row.waiting;
        days.set(`${day} ${plan}`, entry);
      }
      continue;
    }
    const what = subject.kind === "search" ? searchWords(subject.filters) : subject.vehicleId;
    subjects.push({ label: `${kindWords[subject.kind]}: ${what}`, waiting: row.waiting });
  }
  const rentalDays = [...days.values()].sort((a, b) => a.day.localeCompare(b.day) || a.plan.localeCompare(b.plan));
  return { subjects, rentalDays };
}

/**
 * The view as lines of text, for the staff command: each label with its control characters made
 * visible, since a search stored before intake removed them could carry an escape sequence.
 */
export function demandLines(view: DemandView): string[] {
  if (view.subjects.length === 0 && view.rentalDays.length === 0) return ["Nobody is waiting for an alert."];
  return [
    "People waiting, by search or vehicle:",
    ...(view.subjects.length > 0
      ? view.subjects.map((each) => `  ${each.waiting}  ${visibleText(each.label)}`)
      : ["  none"]),
    "People waiting for a rental cart, by day:",
    ...(view.rentalDays.length > 0
      ? view.rentalDays.map((each) => `  ${each.waiting}  ${visibleText(each.day)}  ${visibleText(each.plan)}`)
      : ["  none"]),
  ];
}
