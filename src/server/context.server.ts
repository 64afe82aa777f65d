import { createContext, RouterContextProvider } from "react-router";
import { database, type Database } from "./db.server";

/** What the Worker hands every loader and action: its bindings, the database, the nonce. */
export interface WorkerContext {
  env: Env;
  ctx: ExecutionContext;
  /** The D1 database through drizzle, made once per request rather than in every loader. */
  db: Database;
  /** The CSP nonce of this response's scripts. */
  nonce: string;
}

export const workerContext = createContext<WorkerContext>();

export function createRouterContext(value: Omit<WorkerContext, "db">): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(workerContext, { ...value, db: database(value.env.DB) });
  return provider;
}
