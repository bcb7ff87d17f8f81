import { describe, expect, it, vi } from 'vitest';
import { createAccessLogMethods } from './accessLogMethods';
import { createBookingMethods } from './bookingMethods';
import { createChartNoteMethods } from './chartNoteMethods';
import { createClinicianMethods } from './clinicianMethods';
import { createDashboardMethods } from './dashboardMethods';
import { createDataProvider } from './dataProvider';
import type { ApiFetch } from './httpClient';
import { createKitMethods } from './kitMethods';
import { createLabMethods } from './labMethods';
import { createLabOrderMethods } from './labOrderMethods';
import { createLazyFeatureMethods } from './lazyMethods';
import { createMessageMethods } from './messageMethods';
import { createPatientMethods } from './patientMethods';
import { createPaymentMethods } from './paymentMethods';
import { createPrescriptionMethods } from './prescriptionMethods';
import { createSuperAdminMethods } from './superAdminMethods';
import { createTemplateMethods } from './templateMethods';
import { createTranscriptionMethods } from './transcriptionMethods';

const FACTORIES = [
  createAccessLogMethods,
  createBookingMethods,
  createChartNoteMethods,
  createClinicianMethods,
  createDashboardMethods,
  createKitMethods,
  createLabMethods,
  createLabOrderMethods,
  createMessageMethods,
  createPatientMethods,
  createPaymentMethods,
  createPrescriptionMethods,
  createSuperAdminMethods,
  createTemplateMethods,
  createTranscriptionMethods,
];

describe('feature methods loaded on first call', () => {
  it('offers exactly the methods of every feature module, on the dataProvider too', () => {
    const api = vi.fn() as unknown as ApiFetch;
    const real = FACTORIES.flatMap((create) => Object.keys(create(api))).sort();
    expect(Object.keys(createLazyFeatureMethods(api)).sort()).toEqual(real);
    const provider = createDataProvider(api) as unknown as Record<string, unknown>;
    for (const name of real) expect(typeof provider[name], name).toBe('function');
  });

  it('a call waits for its module, then makes the same request as the module itself', async () => {
    const api = vi.fn(async () => ({ ok: true })) as unknown as ApiFetch;
    const lazy = createLazyFeatureMethods(api);
    await expect(lazy.labApprove('KT0000001')).resolves.toEqual({ ok: true });
    await lazy.labApprove('KT0000002');
    const direct = vi.fn(async () => ({ ok: true })) as unknown as ApiFetch;
    await createLabMethods(direct).labApprove('KT0000001');
    await createLabMethods(direct).labApprove('KT0000002');
    expect(vi.mocked(api).mock.calls).toEqual(vi.mocked(direct).mock.calls);
  });

  it('a method that fails still rejects its caller', async () => {
    const api = vi.fn(async () => {
      throw new Error('refused');
    }) as unknown as ApiFetch;
    await expect(createLazyFeatureMethods(api).dashboardSummary({} as never, 9)).rejects.toThrow('refused');
  });
});
