/**
 * The staff tools' one way of surviving a moment's failure of wrangler or of the local runtime it
 * starts: every wrangler run (D1 statements, photo uploads and deletes) goes through `withRetries`.
 *
 * A read is tried again, up to three times in all, after a failure that says the connection or the
 * runtime failed rather than that the database refused. A write is tried again only when that
 * cannot apply it twice: it is repeatable by construction (the caller says why, next to the call),
 * or, after a failure that leaves open whether it went in, the caller's check reads the database
 * and finds it did not (when it did, its result is used and nothing is sent again). When the tries
 * run out the tool stops with `GaveUp`, which says the step, what wrangler said, how many tries,
 * whether a change may have been made, and what staff can do.
 */

/** How a failed try ended, as far as trying again goes. */
export type FailureKind =
  /** Plainly not run at all (the database file was busy): any step may be tried again. */
  | "not applied"
  /** The connection to the runtime or to Cloudflare failed: the statement may or may not have run. */
  | "uncertain";

/** One try failed in a way that a moment later may not: thrown by an attempt, caught here. */
export class TransientFailure extends Error {
  override name = "TransientFailure";
  constructor(
    /** wrangler's own words, without the rows it was asked for (they never reach an error). */
    message: string,
    readonly kind: FailureKind,
  ) {
    super(message);
  }
}

/**
 * wrangler's and the runtime's words for a failure on the way rather than a refusal. Conservative:
 * an SQL error, a constraint, a trigger's RAISE (`held units`, `stale catalogue file`) or a login
 * problem is none of these, and is reported at once.
 */
const notAppliedFailures = [/database is locked/i, /SQLITE_BUSY/];
const uncertainFailures = [
  // D1's own list of errors worth retrying (developers.cloudflare.com/d1/best-practices/retry-queries).
  /Network connection lost/i,
  /storage caused object to be reset/i,
  /reset because its code was updated/i,
  // Local workerd's answer when the database file was busy with the server `npm start` runs (seen
  // once in CI, on a catalogue export while the site was serving pages).
  /^internal error; reference = \w+$/m,
  /fetch failed|socket hang up|other side closed|ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT/i,
  /The Workers runtime failed to start|workerd\b.*\b(crash|exit|terminat|signal)/i,
  /timed out|\btimeout\b/i,
];

/** Whether wrangler's failure text is one a moment later may not repeat, and what it says about a write. */
export function transientKind(text: string): FailureKind | null {
  if (notAppliedFailures.some((pattern) => pattern.test(text))) return "not applied";
  if (uncertainFailures.some((pattern) => pattern.test(text))) return "uncertain";
  return null;
}

/**
 * How a write may be tried again. `repeatable`: a second run changes nothing the first did not (a
 * guarded statement, an absolute value, a content-addressed file), so it is simply sent again; say
 * why in a comment at the call. `applied`: after a try that may have gone in, reads whether it did
 * and returns the result to go on with, or undefined when it did not (then it is sent again). A
 * repeatable write's `afterLostAnswer` hears of a try that may have gone in, for the wording.
 * `sinceSeconds` bounds how long ago the failed try began, for a check by the time a row was written
 * (see checkMarginSeconds).
 */
export type WriteSafety<T> =
  { repeatable: true; afterLostAnswer?: () => void } | { applied: (sinceSeconds: number) => T | undefined };

export interface Step<T> {
  /** What the step does, as staff would say it: "reading the catalogue from the local database". */
  doing: string;
  /** On Cloudflare (--remote) rather than the local database: the advice differs. */
  remote: boolean;
  /** A write's safety; a read leaves it out. */
  write?: WriteSafety<T>;
  /** For a write: the command that shows staff whether it was made, should that be left unknown. */
  seeWith?: string;
}

/**
 * Added to the time since the failed try began, for a check that compares a row's time with the
 * database's `now`: that `now` is read only once the check's own wrangler run has started its
 * runtime, which on a loaded machine took longer than the failed try took to write (seen: a check
 * missed a confirmation made 16 s before). A minute covers that; the checks also match the row's
 * own values, so only the same change made by someone else within that minute could be mistaken
 * for this command's.
 */
const checkMarginSeconds = 60;

/** Tries in all, and the pauses before the second and the third: short, as staff wait at the terminal. */
export const tries = 3;
const pausesMs = [500, 1500];

/**
 * A synchronous pause: the staff tools run one wrangler command after another and have nothing else
 * to do meanwhile.
 */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const firstLine = (text: string) => text.split("\n").find((line) => line.trim()) ?? text;

/** The tools stopped after their tries ran out: everything staff need is in the message. */
export class GaveUp extends Error {
  override name = "GaveUp";
  constructor(
    message: string,
    /** A write that may have been made: callers must not say it was not. */
    readonly changeMayHaveBeenMade: boolean,
  ) {
    super(message);
  }
}

function advice(remote: boolean): string {
  return remote
    ? "Check the internet connection, and that `npx wrangler whoami` shows you logged in (if not, run `npx wrangler login`); then type the same command again."
    : "This is usually the computer being busy or `npm start` restarting: type the same command again in a minute. If it keeps failing, stop `npm start` (Ctrl+C) and start it again.";
}

function gaveUp<T>(step: Step<T>, attempts: number, said: string, changeMayHaveBeenMade: boolean): GaveUp {
  const doing = `${step.doing[0]!.toUpperCase()}${step.doing.slice(1)}`;
  const lines = [
    `${doing} failed ${attempts === 1 ? "once" : `${attempts} times`}, so the command stopped.`,
    `  wrangler said: ${said.split("\n").join("\n  ")}`,
  ];
  if (step.write && changeMayHaveBeenMade && "repeatable" in step.write) {
    lines.push(
      "wrangler lost an answer, so that change may or may not have been made; typing the command again cannot make it twice.",
    );
  } else if (step.write && changeMayHaveBeenMade) {
    lines.push(
      "wrangler lost its answer, so it is not known whether that change was made" +
        (step.seeWith ? `: see with \`${step.seeWith}\` before typing the command again.` : "."),
    );
  } else if (step.write) {
    lines.push("That change was not made.");
  }
  lines.push(advice(step.remote));
  return new GaveUp(lines.join("\n"), changeMayHaveBeenMade);
}

/**
 * Runs `attempt` until it succeeds, it fails for good (any error but a TransientFailure, passed on
 * as it is), or the tries run out (GaveUp). Each retry is announced on standard error, so staff
 * see why a command took a few seconds longer.
 */
export function withRetries<T>(step: Step<T>, attempt: () => T): T {
  let mayHaveApplied = false;
  for (let number = 1; ; number += 1) {
    const started = performance.now();
    let failure: TransientFailure;
    try {
      return attempt();
    } catch (error) {
      if (!(error instanceof TransientFailure)) throw error;
      failure = error;
    }
    const said = failure.message;
    if (failure.kind === "uncertain" && step.write && "applied" in step.write) {
      // Did the lost try go in? Read it before sending anything again.
      let found: T | undefined;
      try {
        found = step.write.applied((performance.now() - started) / 1000 + checkMarginSeconds);
      } catch (checkError) {
        // A fault of the tool itself surfaces as it is; anything else leaves the write unknown.
        if (checkError instanceof TypeError || checkError instanceof ReferenceError) throw checkError;
        throw gaveUp(step, number, said, true);
      }
      if (found !== undefined) {
        console.error(
          `wrangler failed while ${step.doing} (${firstLine(said)}), after the change was made; it was not sent again.`,
        );
        return found;
      }
    } else if (failure.kind === "uncertain" && step.write) {
      mayHaveApplied = true;
      if ("repeatable" in step.write) step.write.afterLostAnswer?.();
    }
    if (number >= tries) throw gaveUp(step, number, said, mayHaveApplied);
    const wait = pausesMs[number - 1] ?? pausesMs.at(-1)!;
    console.error(
      `wrangler failed while ${step.doing} (${firstLine(said)}); trying again in ${wait / 1000} s (try ${number + 1} of ${tries}).`,
    );
    pause(wait);
  }
}
