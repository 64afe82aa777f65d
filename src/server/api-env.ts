/** What every /api router sees: the Worker's bindings. */
export type ApiEnv = { Bindings: Env };
