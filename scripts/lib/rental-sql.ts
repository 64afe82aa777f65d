import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { RentalHoldStatus } from "~/features/rentals/rental-holds.server";
import { database } from "~/server/db.server";
import { literal } from "./catalogue-sql";

/**
 * The rental store's own statements as SQL text for `wrangler d1 execute --command`, which takes no
 * bound parameters: the staff CLI runs exactly what the Worker runs, with each value written in as
 * a quoted literal.
 */

const dialect = new SQLiteAsyncDialect();

/**
 * A database object the store's query builders can be made on, for their SQL only: it is never
 * asked to run anything, so it needs no D1 binding.
 */
export const offlineDatabase = database({} as D1Database);

type Renderable = SQL | { toSQL(): { sql: string; params: unknown[] } };

function inlineValue(value: unknown): string {
  if (value === null || value === undefined || ["string", "number", "boolean"].includes(typeof value)) {
    return literal(value as string | number | boolean | null | undefined);
  }
  throw new Error(`Cannot write ${typeof value} into SQL text`);
}

/** The statement's text with its `?` placeholders replaced by literals; quoted text is left alone. */
export function sqlText(statement: Renderable): string {
  const { sql: text, params } = "toSQL" in statement ? statement.toSQL() : dialect.sqlToQuery(statement);
  let result = "";
  let next = 0;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (character === "'" || character === '"' || character === "`") {
      // A quote inside is doubled, so the literal ends at the first quote not followed by another.
      let end = index + 1;
      while (end < text.length && !(text[end] === character && text[end + 1] !== character)) {
        end += text[end] === character ? 2 : 1;
      }
      result += text.slice(index, end + 1);
      index = end;
    } else if (character === "?") {
      if (next >= params.length) throw new Error("The statement has more placeholders than values");
      result += inlineValue(params[next]);
      next += 1;
    } else {
      result += character;
    }
  }
  if (next !== params.length) throw new Error("The statement has fewer placeholders than values");
  return result;
}

/** A hold as the CLI shows it. */
export interface HoldRow {
  reference: string;
  plan: string;
  start_day: string;
  end_day: string;
  days: number;
  status: RentalHoldStatus;
  first_name: string;
  last_name: string;
  phone: string;
  /** Dollars, from the quote the renter was shown; null if the stored quote has none. */
  total: number | null;
}

const holdRowColumns =
  "reference, plan, start_day, end_day, days, status, first_name, last_name, phone, json_extract(quote, '$.total') AS total";

export function holdRowSql(reference: string): string {
  return `SELECT ${holdRowColumns} FROM rental_holds WHERE reference = ${literal(reference)}`;
}

/** In the order `listHolds` gives them: by start day, then as they were placed. */
export function holdRowsSql(status?: RentalHoldStatus): string {
  const filter = status ? ` WHERE status = ${literal(status)}` : "";
  return `SELECT ${holdRowColumns} FROM rental_holds${filter} ORDER BY start_day, created_at, reference`;
}

export interface BlockRow {
  id: number;
  plan: string;
  firstDay: string;
  endDay: string;
  note: string | null;
}

export function blockRowSql(id: number): string {
  return `SELECT id, plan, first_day AS firstDay, end_day AS endDay, note FROM rental_blocks WHERE id = ${literal(id)}`;
}

/** The fleet, then the blocks not yet over on `today`: one batch, so both are of the same moment. */
export function fleetSql(today: string): string {
  return [
    "SELECT plan, carts FROM rental_fleet",
    `SELECT id, plan, first_day AS firstDay, end_day AS endDay, note FROM rental_blocks WHERE end_day > ${literal(today)} ORDER BY first_day, id`,
  ].join(";\n");
}

export function fleetCartsSql(plan: string): string {
  return `SELECT carts FROM rental_fleet WHERE plan = ${literal(plan)}`;
}
