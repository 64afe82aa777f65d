/**
 * What the local stand-in for Stripe remembers: the objects it made (sessions, refunds), by id,
 * and the idempotency key each was made under. Its own table, made on first use by the stand-in
 * itself, so no migration puts it into the production database.
 */
export type StandInObject = Record<string, unknown> & { id: string; object: string };

async function table(db: D1Database): Promise<D1Database> {
  await db.exec(
    "CREATE TABLE IF NOT EXISTS stand_in_stripe_objects (id TEXT PRIMARY KEY NOT NULL, idempotency_key TEXT UNIQUE, body TEXT NOT NULL)",
  );
  return db;
}

export async function findObject<T extends StandInObject>(db: D1Database, id: string): Promise<T | null> {
  const row = await (
    await table(db)
  )
    .prepare("SELECT body FROM stand_in_stripe_objects WHERE id = ?")
    .bind(id)
    .first<{ body: string }>();
  return row ? (JSON.parse(row.body) as T) : null;
}

/** The object made under `key` before, if any: Stripe answers a repeated key with the first answer. */
export async function findByKey<T extends StandInObject>(db: D1Database, key: string): Promise<T | null> {
  const row = await (
    await table(db)
  )
    .prepare("SELECT body FROM stand_in_stripe_objects WHERE idempotency_key = ?")
    .bind(key)
    .first<{ body: string }>();
  return row ? (JSON.parse(row.body) as T) : null;
}

/** Stores a new object; under a key already used, returns the first object instead. */
export async function createObject<T extends StandInObject>(db: D1Database, object: T, key: string | null): Promise<T> {
  const stored = await (
    await table(db)
  )
    .prepare(
      "INSERT INTO stand_in_stripe_objects (id, idempotency_key, body) VALUES (?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING RETURNING body",
    )
    .bind(object.id, key, JSON.stringify(object))
    .first<{ body: string }>();
  if (stored) return JSON.parse(stored.body) as T;
  return (await findByKey<T>(db, key!))!;
}

export async function saveObject(db: D1Database, object: StandInObject): Promise<void> {
  await (
    await table(db)
  )
    .prepare("UPDATE stand_in_stripe_objects SET body = ? WHERE id = ?")
    .bind(JSON.stringify(object), object.id)
    .run();
}

/** An id in Stripe's shape: its prefix, then random letters and digits. */
export function stripeId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return `${prefix}_test_${[...bytes].map((byte) => "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[byte % 62]).join("")}`;
}
