/** Where an owner follows a service booking: a private page whose address carries the booking's secret token. */
export function serviceBookingStatusPath(token: string): string {
  return `/services/booking/${encodeURIComponent(token)}`;
}

/** The booking's calendar file, beside its status page. */
export function serviceBookingCalendarPath(token: string): string {
  return `${serviceBookingStatusPath(token)}/calendar.ics`;
}

/** What the booking page reads from its address; every field optional, all text as typed. */
export interface ServiceBookingSearch {
  service?: string;
  month?: string;
  date?: string;
}

const searchOrder = ["service", "month", "date"] as const;

export const serviceBookingBase = "/services/book";

/**
 * The booking page at `search` with `changes` applied, fields always in one order so the same
 * choice is always the same address. An empty value drops the field.
 */
export function serviceBookingPath(search: ServiceBookingSearch = {}, changes: ServiceBookingSearch = {}): string {
  const merged = { ...search, ...changes };
  const params = new URLSearchParams();
  for (const name of searchOrder) {
    const value = merged[name];
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return query ? `${serviceBookingBase}?${query}` : serviceBookingBase;
}
