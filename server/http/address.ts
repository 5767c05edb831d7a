/**
 * A request's address as people read it: an IPv4 address that reached a
 * server listening on IPv6 as well comes written as IPv6 ('::ffff:203.0.113.9');
 * this gives it back as IPv4 ('203.0.113.9'). Any other address is returned as
 * it is. What the audit log and a staff member's sessions record, and what the
 * rate limits count by (challenge.ts addressGroup).
 */
export function plainAddress(address: string): string {
  return MAPPED_IPV4.exec(address)?.[1] ?? address
}

const MAPPED_IPV4 = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i
