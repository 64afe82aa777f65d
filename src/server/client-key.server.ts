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

/**
 * The network a client key belongs to, for the limits that many clients of one holder share: an
 * IPv6 /64 by its /48, an IPv4 address by its /24. Each is the smallest block routed on the
 * internet, so whoever has one /64 or address to send from may well hold the whole block (a free
 * tunnel broker hands out a /48, 65,536 /64s); a client key that names no address is its own
 * network. docs/decisions.md says why /24 rather than the address alone.
 */
export function networkKey(client: string): string {
  if (client.endsWith("/64") && ipaddr.IPv6.isValidCIDR(client)) {
    const [address] = ipaddr.IPv6.parseCIDR(client);
    const parts = address.parts.slice(0, 3).map((part) => part.toString(16));
    return `${parts.join(":")}::/48`;
  }
  if (ipaddr.IPv4.isValidFourPartDecimal(client)) {
    const octets = ipaddr.IPv4.parse(client).octets;
    return `${octets.slice(0, 3).join(".")}.0/24`;
  }
  return client;
}
