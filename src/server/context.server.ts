import { createContext, RouterContextProvider } from "react-router";

/** What the Worker hands every loader and action: its bindings, its execution context, the nonce. */
export interface WorkerContext {
  env: Env;
  ctx: ExecutionContext;
  /** The CSP nonce of this response's scripts. */
  nonce: string;
}

export const workerContext = createContext<WorkerContext>();

export function createRouterContext(value: WorkerContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(workerContext, value);
  return provider;
}
