import { BlockList, isIP } from "node:net";

// Which X-Forwarded-For hops are believed (TRUST_PROXY, server/env.ts): the client address that
// login throttling, the verify pages' rate limit, sessions and the audit log key on is the first
// address, walking X-Forwarded-For from our side, that is not a trusted proxy.
//
// A loopback address is trusted only as the peer we are connected to, the proxy on this machine.
// Further along the header, a loopback address is what that proxy reports as its client: someone on
// this machine, not a proxy. Express's own "loopback" trusts every loopback hop, so a client on the
// server itself (through the proxy, which appends 127.0.0.1) could put any address in front and
// have it believed, and each made-up address got a rate limit of its own.

/** The ranges proxy-addr names (Express "trust proxy"), which TRUST_PROXY accepts too. */
const NAMED_RANGES: Record<string, [string, number][]> = {
  loopback: [
    ["127.0.0.1", 8],
    ["::1", 128],
  ],
  linklocal: [
    ["169.254.0.0", 16],
    ["fe80::", 10],
  ],
  uniquelocal: [
    ["10.0.0.0", 8],
    ["172.16.0.0", 12],
    ["192.168.0.0", 16],
    ["fc00::", 7],
  ],
};

function addRange(list: BlockList, address: string, prefix?: number): void {
  const family = isIP(address);
  if (!family) throw new Error(`TRUST_PROXY: "${address}" is not an IP address`);
  const type = family === 6 ? "ipv6" : "ipv4";
  list.addSubnet(address, prefix ?? (family === 6 ? 128 : 32), type);
}

function rangesOf(setting: string): BlockList {
  const list = new BlockList();
  for (const part of setting.split(",").map((p) => p.trim().toLowerCase()).filter(Boolean)) {
    const named = NAMED_RANGES[part];
    if (named) {
      for (const [address, prefix] of named) addRange(list, address, prefix);
      continue;
    }
    const [address, prefix] = part.split("/");
    addRange(list, address, prefix === undefined ? undefined : Number(prefix));
  }
  return list;
}

function contains(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? "ipv6" : "ipv4");
}

const LOOPBACK = rangesOf("loopback");

/**
 * Express's "trust proxy" function for a TRUST_PROXY setting: `true` (or "loopback") is the proxy on
 * this machine, and the address it hands on is the client; a list of addresses and CIDR ranges
 * (and the names loopback, linklocal, uniquelocal) is a chain of proxies. `hop` 0 is the peer of
 * the connection, 1 the last address of X-Forwarded-For, and so on.
 */
export function trustedProxies(setting: true | string): (address: string, hop: number) => boolean {
  const trusted = rangesOf(setting === true ? "loopback" : setting);
  return (address, hop) => contains(trusted, address) && (hop === 0 || !contains(LOOPBACK, address));
}
