/**
 * Whether a request's If-None-Match names the answer's entity tag, by the weak comparison HTTP
 * prescribes for it (RFC 9110 §13.1.2): a list of tags, each maybe marked weak (W/), matches when
 * one has the same quoted text as `etag`, weak or not; "*" matches any answer there is.
 */
export function ifNoneMatchHolds(ifNoneMatch: string | null, etag: string | null): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const current = etag === null ? null : opaqueTag(etag);
  if (current === null) return false;
  // Quoted text may itself hold commas, so tags are found whole rather than split at commas.
  return [...ifNoneMatch.matchAll(/(?:W\/)?("[^"]*")/g)].some((match) => match[1] === current);
}

function opaqueTag(etag: string): string | null {
  return /^\s*(?:W\/)?("[^"]*")\s*$/.exec(etag)?.[1] ?? null;
}
