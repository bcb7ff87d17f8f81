import type { Pool } from 'pg';
import type { ServerConfig } from '../../config';
import { localCommerce } from './local';
import { saleorCommerce } from './saleor';
import type { CommerceAdapter } from './types';

export type { CommerceAdapter, PlacedOrder } from './types';

/**
 * The configured storefront: Saleor when SALEOR_API_URL is set (SALEOR_TOKEN and SALEOR_CHANNEL then required; a
 * production server without them refuses to start, see config.ts), else the local tables.
 */
export function createCommerce(config: Pick<ServerConfig, 'commerce'>, pool: Pool): CommerceAdapter {
  return config.commerce ? saleorCommerce(config.commerce) : localCommerce(pool);
}
