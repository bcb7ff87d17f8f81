import type { Pool, PoolClient } from 'pg';
import type { CommerceProduct, SaleorOrder, ShippingMethod } from '../../../domain/super-admin/super-admin';

/** An order the storefront accepted: its id (the portal's order id), number, status and the product ordered. */
export interface PlacedOrder {
  orderId: string;
  number: string | null;
  status: string;
  productName: string;
}

/**
 * The storefront commerce system (spec 3 §1: the super admin's orders without payment): its product catalogue (kit
 * and PrEP products, one variant per sex at birth), its shipping methods, and order creation. Local: tables in
 * PostgreSQL; production: Saleor's GraphQL API.
 */
export interface CommerceAdapter {
  readonly provider: 'local' | 'saleor';
  listProducts(): Promise<CommerceProduct[]>;
  listShippingMethods(): Promise<ShippingMethod[]>;
  /**
   * Places the (already validated) order. `db`: the caller's transaction, so a local order commits with the portal's
   * order row, history and audit; Saleor ignores it (its order is placed by the API call).
   */
  createOrder(db: Pool | PoolClient, order: SaleorOrder & { partnerId: string | null }, createdBy: string): Promise<PlacedOrder>;
}
