import { database } from "~/server/db.server";

/**
 * A database object the store's query builders can be made on, for their SQL only: it is never
 * asked to run anything, so it needs no D1 binding. Apart from statement-text.ts, which every staff
 * command loads: drizzle's D1 driver and the schema take about a second of CPU to load, and only the
 * booking decisions build on it.
 */
export const offlineDatabase = database({} as D1Database);
