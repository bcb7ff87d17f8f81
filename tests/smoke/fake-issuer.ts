import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

/**
 * A stand-in for Cognito's token issuer that the production server reaches the way it reaches AWS: over HTTPS to
 * `cognito-idp.<region>.amazonaws.com`, through an egress proxy (HTTPS_PROXY with NODE_USE_ENV_PROXY=1) whose CA the
 * server trusts (NODE_EXTRA_CA_CERTS). Production never trusts another issuer, so the server runs unchanged. The proxy
 * tunnels only to that host name, to the local TLS server; every other CONNECT is refused (no traffic leaves the machine).
 */
export interface FakeIssuer {
  issuer: string;
  proxyUrl: string;
  /** JWKS requests the TLS server answered (the server fetched the issuer's keys through the proxy). */
  jwksFetches(): number;
  /** A signed id token as Cognito issues it after USER_PASSWORD_AUTH. */
  idToken(claims: { sub?: string; email: string; givenName: string; familyName: string; groups: string[] }): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeIssuer(opts: {
  region: string;
  userPoolId: string;
  clientId: string;
  certFile: string;
  keyFile: string;
}): Promise<FakeIssuer> {
  const host = `cognito-idp.${opts.region}.amazonaws.com`;
  const issuer = `https://${host}/${opts.userPoolId}`;
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  let fetches = 0;

  const tls = https.createServer({ cert: readFileSync(opts.certFile), key: readFileSync(opts.keyFile) }, (req, res) => {
    if (req.method === 'GET' && req.url === `/${opts.userPoolId}/.well-known/jwks.json`) {
      fetches += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.writeHead(404).end();
    }
  });
  await listen(tls);
  const tlsPort = (tls.address() as net.AddressInfo).port;

  const proxy = http.createServer((_req, res) => res.writeHead(403).end());
  const tunnels = new Set<net.Socket>();
  proxy.on('connect', (req, client: net.Socket) => {
    tunnels.add(client);
    client.on('close', () => tunnels.delete(client));
    client.on('error', () => client.destroy());
    if (req.url !== `${host}:443`) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = net.connect(tlsPort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await listen(proxy);
  const proxyPort = (proxy.address() as net.AddressInfo).port;

  return {
    issuer,
    proxyUrl: `http://127.0.0.1:${proxyPort}`,
    jwksFetches: () => fetches,
    async idToken(c) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        email: c.email,
        email_verified: true,
        given_name: c.givenName,
        family_name: c.familyName,
        'cognito:groups': c.groups,
        'cognito:username': c.email,
        token_use: 'id',
        auth_time: now,
      })
        .setProtectedHeader({ alg: 'RS256', kid })
        .setSubject(c.sub ?? randomUUID())
        .setIssuer(issuer)
        .setAudience(opts.clientId)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(privateKey);
    },
    async close() {
      for (const s of tunnels) s.destroy();
      await Promise.all([close(proxy), close(tls)]);
    },
  };
}

const listen = (server: net.Server) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });

const close = (server: net.Server) =>
  new Promise<void>((resolve) => {
    (server as http.Server).closeAllConnections?.();
    server.close(() => resolve());
  });
