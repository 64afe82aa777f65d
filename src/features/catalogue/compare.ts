/**
 * The comparison's address: /compare?ids=a,b,c, or the inventory's Compare boxes sent as a GET form
 * (ids=a&ids=b&ids=c). Up to four carts side by side.
 */
export const comparePath = "/compare";
export const compareLimit = 4;

export interface CompareChoice {
  /** In the order given, each once, at most `compareLimit`. */
  ids: string[];
  /** More than the limit were asked for; the first ones are compared. */
  tooMany: boolean;
}

/** The ids an address asks to compare, in both of its forms. */
export function compareChoice(params: URLSearchParams): CompareChoice {
  const asked = params
    .getAll("ids")
    .flatMap((value) => value.split(","))
    .map((id) => id.trim().toLowerCase().slice(0, 80))
    .filter(Boolean);
  const unique = [...new Set(asked)];
  return { ids: unique.slice(0, compareLimit), tooMany: unique.length > compareLimit };
}

/** The address comparing these carts. */
export function compareAddress(ids: readonly string[]): string {
  return ids.length > 0 ? `${comparePath}?ids=${ids.map(encodeURIComponent).join(",")}` : comparePath;
}
