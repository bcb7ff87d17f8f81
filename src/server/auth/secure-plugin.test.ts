import Fastify from 'fastify';
import type { Pool } from 'pg';
import { describe, expect, it } from 'vitest';
import { read } from '../../domain/shared/route-access';
import { installZodCompilers } from '../http/validation';
import { secureScope } from './secure-plugin';

const verifier = {
  verify: async () => {
    throw new Error('not used');
  },
};

async function appWith(register: Parameters<typeof secureScope>[1], outside?: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  installZodCompilers(app);
  const secure = secureScope(
    {
      pool: {} as Pool,
      verifier,
      dataAccess: () => {
        throw new Error('not used');
      },
    },
    register,
  );
  secure.guardRoot(app);
  await app.register(secure.plugin);
  outside?.(app);
  return { app, routes: secure.routes };
}

describe('the secure scope refuses to start with an undeclared or stray route', () => {
  it('starts with declared routes and lists them with their declarations', async () => {
    const { app, routes } = await appWith(async (s) => {
      s.get('/secure/a', { config: read('members') }, async () => ({}));
    });
    await app.ready();
    expect(routes).toContainEqual({ method: 'GET', url: '/secure/a', access: { kind: 'read', roles: 'members' } });
    await app.close();
  });

  it('a route without config.access stops the start', async () => {
    const attempt = appWith(async (s) => {
      s.get('/secure/b', async () => ({}));
    }).then(({ app }) => app.ready());
    await expect(attempt).rejects.toThrow(/GET \/secure\/b declares no access/);
  });

  it('a /secure, /api or /default route registered outside the scope stops the start, even with a declaration', async () => {
    for (const url of ['/secure/c', '/api/c', '/default/c']) {
      const { app } = await appWith(
        async () => undefined,
        (root) => {
          root.get(url, { config: read('members') }, async () => ({}));
        },
      );
      await expect(app.ready()).rejects.toThrow(/routes outside the secure scope/);
    }
  });
});
