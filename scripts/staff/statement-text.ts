import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

/**
 * SQL text for `wrangler d1 execute`, which takes statements, not bound parameters; every value is
 * written as a quoted SQLite literal so no text can break out of its string.
 */
export function literal(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * The Worker's own statements as SQL text for `wrangler d1 execute --command`, which takes no bound
 * parameters: the staff CLIs run exactly what the Worker runs, with each value written in as a
 * quoted literal.
 */

const dialect = new SQLiteAsyncDialect();

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
