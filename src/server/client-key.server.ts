import ipaddr from "ipaddr.js";

/**
 * The key a client is counted under by the rate limiter: an IPv4 sender by its full address, an
 * IPv6 sender by its /64, since one home or phone is handed a whole /64 and could otherwise take a
 * fresh address for every message. An unreadable or missing address shares one key, so it gains
 * nothing by being malformed.
 */
export function clientKey(request: Request): string {
  const address = request.headers.get("CF-Connecting-IP")?.trim() ?? "";
  if (!ipaddr.isValid(address)) return "unknown-client";
  // process() turns an IPv4-mapped IPv6 address (::ffff:192.0.2.1) back into the IPv4 one.
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(":")}::/64`;
}
