import { detectFileKind, MIME_OF } from '../../domain/files/files';
import {
  base64Of,
  isPrepProduct,
  MAX_LABCORP_PDF_BYTES,
  orderPayloadWarning,
  PREP_PARTNER_ID,
  type LabcorpResultType,
  type SaleorOrder,
} from '../../domain/super-admin/super-admin';
import type { CommerceAdapter } from '../adapters/commerce';
import type { AppStorage } from '../adapters/object-storage';
import type { DataAccess } from '../data/access';
import { ApiError, badRequest } from '../errors';
import { LABCORP_CATEGORY } from './repository';

/** What the panel needs besides the data access: the storefront and the object storage. */
export interface SuperAdminDeps {
  storage: AppStorage;
  commerce: CommerceAdapter;
}

/** The storefront's products, the read audited. */
export async function listProducts({ commerce }: SuperAdminDeps, data: DataAccess) {
  const products = await commerce.listProducts();
  await data.superAdmin.auditRead('commerce_product');
  return products;
}

/** The storefront's shipping methods, the read audited. */
export async function listShippingMethods({ commerce }: SuperAdminDeps, data: DataAccess) {
  const methods = await commerce.listShippingMethods();
  await data.superAdmin.auditRead('commerce_shipping_method');
  return methods;
}

/**
 * POST /secure/clinician/saleorOrder: the spec's checks in its order (400 naming the first), the product decides kit
 * or PrEP (a PrEP order always carries the fixed partner code, a kit order none), then in one transaction the
 * storefront order, the portal's order row (the order report and the patient's kit tab read it), its history, the
 * patient's event and the audit row.
 */
export async function createStorefrontOrder({ commerce }: SuperAdminDeps, data: DataAccess, body: SaleorOrder) {
  const warning = orderPayloadWarning(body);
  if (warning) throw badRequest(warning);
  const products = await commerce.listProducts();
  const product = products.find((p) => p.variants.some((v) => v.id === body.variantId));
  if (!product) throw badRequest('Please select a product');
  if (!(await commerce.listShippingMethods()).some((m) => m.id === body.shippingMethodId)) throw badRequest('Please select a shipping method');
  const prep = product.kind === 'PREP' || isPrepProduct(product.name);
  const order = { ...body, partnerId: prep ? PREP_PARTNER_ID : null };
  return data.transaction((tx) => tx.superAdmin.placeStorefrontOrder(commerce, order, product.name, prep));
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * POST /secure/clinician/labcorp/result/{orderId}/{resultType}: the PDF (base64) is checked by its first bytes and size,
 * stored through the object-storage adapter, and linked to the Labcorp order and its patient with the result type;
 * history, the patient's event and the audit row commit with it (a failed commit removes the stored object).
 */
export async function uploadLabcorpResult(
  { storage }: SuperAdminDeps,
  data: DataAccess,
  p: { orderId: string; resultType: LabcorpResultType },
  body: { fileName: string; fileContent: string },
) {
  const { patientId } = await data.superAdmin.labcorpOrder(p.orderId);
  const b64 = base64Of(body.fileContent).replace(/\s+/g, '');
  if (!BASE64.test(b64) || b64.length % 4 !== 0) throw badRequest('the file content is not base64');
  const file = Buffer.from(b64, 'base64');
  if (file.length === 0) throw badRequest('the file is empty');
  if (file.length > MAX_LABCORP_PDF_BYTES)
    throw new ApiError(413, 'Payload too large', `file is larger than ${MAX_LABCORP_PDF_BYTES / 1024 / 1024} MB`);
  if (detectFileKind(file.subarray(0, 16)) !== 'pdf') throw badRequest('the file content is not a PDF');
  const stored = await storage.put(LABCORP_CATEGORY, file, MIME_OF.pdf, 'pdf');
  try {
    const id = await data.transaction((tx) =>
      tx.superAdmin.addLabcorpResult({
        orderId: p.orderId,
        patientId,
        resultType: p.resultType,
        key: stored.key,
        fileName: body.fileName,
        contentType: MIME_OF.pdf,
        size: file.length,
      }),
    );
    return { id, orderId: p.orderId, resultType: p.resultType, fileName: body.fileName, size: file.length };
  } catch (error) {
    await storage.delete(stored.key).catch(() => undefined);
    throw error;
  }
}
