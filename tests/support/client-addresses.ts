import { randomInt } from "node:crypto";

/**
 * A visitor's address of its own: a /64 in a /48 of its own (3fff::/20 is IPv6's documentation
 * prefix, leaving 28 bits to choose a /48 by). The site counts a sender by its /64 and by its /48
 * (the per-network limits), so two visitors of one test, or of two workers, never share a limit.
 * Random rather than counted: each Playwright worker counts from 1.
 */
export function freshClientAddress(): string {
  return `3fff:${randomInt(0x1000).toString(16)}:${randomInt(0x10000).toString(16)}::1`;
}
