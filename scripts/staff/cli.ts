import { parseArgs } from "node:util";
import type { D1Target } from "./d1";

/** The flags every staff command shares: where its D1 database lives. */
const targetOptions = {
  remote: { type: "boolean", default: false },
  "persist-to": { type: "string" },
} as const;

export interface ParsedCommand {
  positionals: string[];
  flags: Record<string, string | boolean | undefined>;
  target: D1Target;
}

/**
 * Parses a staff command line with Node's own parser, so a flag's value is never taken for the
 * command and an unknown flag is an error rather than silently ignored. Throws with a message fit
 * for the terminal.
 */
export function parseCommandLine(
  argv: string[],
  extraFlags: Record<string, { type: "boolean" | "string" }> = {},
): ParsedCommand {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { ...targetOptions, ...extraFlags },
    allowPositionals: true,
    strict: true,
  });
  const persistTo = values["persist-to"];
  return {
    positionals,
    flags: values as Record<string, string | boolean | undefined>,
    target: { remote: values.remote === true, persistTo: typeof persistTo === "string" ? persistTo : undefined },
  };
}
