/**
 * Fastify's trustProxy for `hops` proxies in front of the server (TRUST_PROXY_HOPS): the client address (req.ip) is
 * the socket's when there are none, else the entry of X-Forwarded-For that many hops from the right, the address the
 * outermost trusted proxy saw. Entries further left are written by the client and never trusted. Fastify takes no
 * plain hop count (it fails closed on a number): the count is this function of the hop. It holds only when the server
 * is reachable through those proxies alone; a client connecting directly could then choose its address.
 */
export function trustProxyHops(hops: number): false | ((address: string, hop: number) => boolean) {
  return hops > 0 ? (_address, hop) => hop < hops : false;
}
