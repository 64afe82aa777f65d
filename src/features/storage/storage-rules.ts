import type { StorageSpace } from "~/config/booking-pools";
import { storageSpaceNames } from "./storage-content";
import { storageDate } from "./storage-quote";

/** What an owner reads when days of the stay have no space left: on the page before booking, and as the refusal. */
export function fullSpaceMessage(space: StorageSpace, days: readonly string[]): string {
  const kind = storageSpaceNames[space].toLowerCase();
  const after = "Choose other dates or the other kind of space, or call us.";
  if (days.length <= 3) return `No ${kind} space is free on ${days.map(storageDate).join("; ")}. ${after}`;
  return `No ${kind} space is free on ${days.length} days of this stay (the first ${storageDate(days[0]!)}, the last ${storageDate(days.at(-1)!)}). ${after}`;
}
