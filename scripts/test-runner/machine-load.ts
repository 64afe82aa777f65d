/**
 * How hard the machine worked during a stretch of `npm test`, and how fast it is: the same suite
 * took 15 minutes on one two-core machine and 35 on another (issue 24), and a stage time alone
 * cannot say whether the suite or the machine changed. CPU seconds are machine-wide (this runs on a
 * machine of its own), read from Linux's /proc/stat; "stolen" is time the host gave the virtual
 * machine's cores to someone else, which no change to the suite can win back.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";

export interface CpuTimes {
  /** Seconds the cores spent running something, summed over cores. */
  busy: number;
  idle: number;
  stolen: number;
}

/** Linux counts /proc/stat in clock ticks of 1/100 s on every architecture Node runs on. */
const ticksPerSecond = 100;

export function cpuTimes(): CpuTimes {
  if (existsSync("/proc/stat")) {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
    return {
      busy: (user + nice + system + irq + softirq) / ticksPerSecond,
      idle: (idle + iowait) / ticksPerSecond,
      stolen: steal / ticksPerSecond,
    };
  }
  // Elsewhere Node's per-core counters (milliseconds), which know nothing of stolen time.
  const sum = (pick: (times: os.CpuInfo["times"]) => number) =>
    os.cpus().reduce((total, cpu) => total + pick(cpu.times), 0) / 1000;
  return { busy: sum((t) => t.user + t.nice + t.sys + t.irq), idle: sum((t) => t.idle), stolen: 0 };
}

export interface Load {
  cpuSeconds: number;
  /** Cores kept busy on average (at most the machine's count). */
  busyCores: number;
  /** Share of the cores' time the host took away. */
  stolenShare: number;
}

export function loadBetween(before: CpuTimes, after: CpuTimes, wallSeconds: number): Load {
  const busy = after.busy - before.busy;
  const stolen = after.stolen - before.stolen;
  const all = busy + (after.idle - before.idle) + stolen;
  return {
    cpuSeconds: busy,
    busyCores: wallSeconds > 0 ? busy / wallSeconds : 0,
    stolenShare: all > 0 ? stolen / all : 0,
  };
}

/**
 * One core's speed: megabytes of SHA-256 per second over a fixed 64 MB (a fraction of a second). Two
 * runs' stage times compare only on machines of about the same figure.
 */
export function coreSpeed(): number {
  const block = Buffer.alloc(1024 * 1024, 7);
  const started = performance.now();
  const hash = createHash("sha256");
  for (let megabyte = 0; megabyte < 64; megabyte += 1) hash.update(block);
  hash.digest();
  return 64 / ((performance.now() - started) / 1000);
}
