/**
 * The addresses every kind's pages follow: a private status page whose address carries the
 * booking's secret token (shown once, stored only as a hash), its calendar file beside it, and the
 * booking page with the customer's choices in the query, always in one order, so the same choice is
 * always the same address.
 */

/** A kind's private pages under `base` ("/rentals/booking"): a token's status page and calendar file. */
export function privatePages(base: string) {
  const statusPath = (token: string) => `${base}/${encodeURIComponent(token)}`;
  return { statusPath, calendarPath: (token: string) => `${statusPath(token)}/calendar.ics` };
}

/** `base` with the choices of `search` named in `order`, each once; an empty value drops the field. */
export function choicePath<Name extends string>(
  base: string,
  order: readonly Name[],
  search: Partial<Record<Name, string>>,
): string {
  const params = new URLSearchParams();
  for (const name of order) {
    const value = search[name];
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}
