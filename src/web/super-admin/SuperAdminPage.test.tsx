// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import type { Location } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SUPER_ADMIN_TEXT as S, ORDER_FORM_WARNINGS as W } from '../../domain/i18n/en/super-admin';
import { LABCORP_FILE_TEXT, MAX_LABCORP_PDF_BYTES, type CommerceProduct } from '../../domain/super-admin/super-admin';
import { patientDetail, PATIENT_ID } from '../test-utils/patientFixtures';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, testQueryClient } from '../test-utils/adminTestContext';
import { SuperAdminPage } from './SuperAdminPage';

vi.setConfig({ testTimeout: 20_000 });
const variants = (id: string, name: string) =>
  (['male', 'female', 'intersex'] as const).map((s) => ({ id: `${id}-${s}`, name: `${name} (${s})`, sexAtBirth: s }));
const PRODUCTS: CommerceProduct[] = [
  { id: 'p3', name: '3-Panel STD Test', kind: 'KIT', variants: variants('p3', '3-Panel STD Test') },
  { id: 'p5', name: '5-Panel STD Test', kind: 'KIT', variants: variants('p5', '5-Panel STD Test') },
  { id: 'pm', name: 'PrEP Maintenance At-home STI Test', kind: 'PREP', variants: variants('pm', 'PrEP Maintenance At-home STI Test') },
];
const SHIPPING = [
  { id: 'ship-10', name: 'USPS Priority (1-3 Days)', price: 10 },
  { id: 'ship-0', name: 'USPS Priority (1-3 Days)', price: 0 },
];

function renderPanel(url: string, { queryClient, ...overrides }: Record<string, unknown> & { queryClient?: QueryClient } = {}) {
  let location: Location | undefined;
  const dataProvider = fakeDataProvider({
    getOne: vi.fn(async () => ({ data: patientDetail() })) as never,
    commerceProducts: vi.fn(async () => PRODUCTS),
    commerceShippingMethods: vi.fn(async () => SHIPPING),
    createSaleorOrder: vi.fn(async () => ({ orderId: 'SO-100001', number: '100001', status: 'PENDING_SHIPMENT', productName: '5-Panel STD Test' })),
    ordersByEmail: vi.fn(async () => []),
    uploadLabcorpResult: vi.fn(async () => ({ status: 201, body: {} })),
    ...overrides,
  } as never);
  renderInAdmin(<SuperAdminPage />, {
    authProvider: fakeAuthProvider({ groups: ['super_admin'] }),
    dataProvider,
    initialEntries: [url],
    onLocation: (l) => (location = l),
    queryClient,
  });
  return { dataProvider, location: () => location };
}
const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });
const submitOrder = () => fireEvent.click(screen.getByRole('button', { name: S.form.submit }));

describe('super-admin landing', () => {
  it('four cards, Register Kit for Patient disabled; a card opens its page and Back resets to /super-admin', async () => {
    const { location } = renderPanel('/super-admin');
    for (const title of [S.cards.CreateOrder, S.cards.CreatePrepOrder, S.cards.UploadLabcorpResults, S.cards.RegisterKit]) {
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: new RegExp(S.cards.RegisterKit) })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: new RegExp(S.cards.CreatePrepOrder) }));
    await waitFor(() => expect(location()?.search).toBe('?page=CreatePrepOrder'));
    fireEvent.click(await screen.findByRole('button', { name: S.back }));
    await waitFor(() => expect(`${location()?.pathname}${location()?.search}`).toBe('/super-admin'));
  });
});

describe('kit order form', () => {
  it('prefills the patient and the product from kitName (first 6 letters, patient sex at birth); $0 shipping by default', async () => {
    renderPanel(`/super-admin?page=CreateOrder&patientId=${PATIENT_ID}&kitName=5%20panel`);
    await waitFor(() => expect(field(S.form.firstName)).toHaveValue('Ann'));
    expect(field(S.form.email)).toHaveValue('ann@example.com');
    // the patient's phone (7025550101) is prefilled in the form's own format, so it passes the form's phone rule
    expect(field(S.form.phone)).toHaveValue('+17025550101');
    expect(field(S.form.postalCode)).toHaveValue('89104');
    expect(screen.getByText('5-Panel STD Test (female)')).toBeInTheDocument();
    expect(screen.getByText('USPS Priority (1-3 Days) - Free')).toBeInTheDocument();
  });

  it('warnings in the spec order; success clears the form', async () => {
    const { dataProvider } = renderPanel(`/super-admin?page=CreateOrder&patientId=${PATIENT_ID}&kitName=5-Panel`);
    await waitFor(() => expect(field(S.form.firstName)).toHaveValue('Ann'));
    fireEvent.change(field(S.form.phone), { target: { value: 'call me maybe' } });
    submitOrder();
    expect(await screen.findByText(W.phone)).toBeInTheDocument();
    fireEvent.change(field(S.form.phone), { target: { value: '+1 (702) 555-0101' } });
    fireEvent.change(field(S.form.firstName), { target: { value: '  Ann   Marie ' } });
    fireEvent.change(field(S.form.city), { target: { value: ' ' } });
    fireEvent.change(field(S.form.lastName), { target: { value: '' } });
    submitOrder();
    expect(await screen.findByText(W.lastName)).toBeInTheDocument();
    fireEvent.change(field(S.form.lastName), { target: { value: 'Lee' } });
    submitOrder();
    expect(await screen.findByText(W.city)).toBeInTheDocument();
    fireEvent.change(field(S.form.city), { target: { value: 'Las Vegas' } });
    submitOrder();
    expect(await screen.findByText(S.created)).toBeInTheDocument();
    expect(dataProvider.createSaleorOrder).toHaveBeenCalledWith(
      expect.objectContaining({
        firstName: 'Ann Marie',
        phone: '+17025550101',
        variantId: 'p5-female',
        shippingMethodId: 'ship-0',
        amountPaid: 0,
        patientId: PATIENT_ID,
        userAddress: expect.objectContaining({ locality: 'Las Vegas', postal_code: '89104' }),
      }),
      expect.any(String),
    );
    expect((dataProvider.createSaleorOrder as ReturnType<typeof vi.fn>).mock.calls[0][0]).not.toHaveProperty('partnerId');
    await waitFor(() => expect(field(S.form.firstName)).toHaveValue(''));
  });

  it("a refusal shows the kit form's failure text", async () => {
    renderPanel(`/super-admin?page=CreateOrder&patientId=${PATIENT_ID}&kitName=3-Panel`, {
      createSaleorOrder: vi.fn(async () => {
        throw new HttpError('refused', 502);
      }),
      getOne: vi.fn(async () => ({ data: patientDetail({ phoneNumber: '+17025550101' }) })),
    });
    await waitFor(() => expect(field(S.form.firstName)).toHaveValue('Ann'));
    submitOrder();
    expect(await screen.findByText(S.kitFailed)).toBeInTheDocument();
  });
});

describe('PrEP order form', () => {
  it('PrEP products only; empty invoice amount is null; the partner code is sent; failure text', async () => {
    const create = vi.fn(async () => {
      throw new HttpError('refused', 502);
    });
    renderPanel(`/super-admin?page=CreatePrepOrder&patientId=${PATIENT_ID}&kitName=PrEP%20Maintenance`, {
      createSaleorOrder: create,
      getOne: vi.fn(async () => ({ data: patientDetail({ phoneNumber: '+17025550101' }) })),
    });
    await waitFor(() => expect(field(S.form.firstName)).toHaveValue('Ann'));
    expect(screen.getByText('PrEP Maintenance At-home STI Test (female)')).toBeInTheDocument();
    submitOrder();
    expect(await screen.findByText(S.prepFailed)).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ amountPaid: null, partnerId: 'PREP_PROGRAM', variantId: 'pm-female' }),
      expect.any(String),
    );
  });
});

describe('Labcorp upload', () => {
  const pdf = () => new File(['%PDF-1.4 x'], 'result.pdf', { type: 'application/pdf' });
  it('no orders, no Labcorp orders, then the three warnings in order and the upload', async () => {
    const ordersByEmail = vi.fn(async () => [] as unknown[]);
    const { dataProvider } = renderPanel(`/super-admin?page=UploadLabcorpResults&patientId=${PATIENT_ID}`, { ordersByEmail });
    await waitFor(() => expect(field(S.labcorp.email)).toHaveValue('ann@example.com'));
    fireEvent.click(screen.getByRole('button', { name: S.labcorp.fetch }));
    expect(await screen.findByText(S.labcorp.noOrders)).toBeInTheDocument();
    ordersByEmail.mockResolvedValueOnce([
      { id: 'ORD-1', vendor: 'SALEOR', kitId: null, productName: 'HPV', fulfillmentStatus: 'SHIPPED', createdAt: '' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: S.labcorp.fetch }));
    expect(await screen.findByText(S.labcorp.noLabcorpOrders)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: S.labcorp.upload }));
    expect(await screen.findByText(S.labcorp.warnings.order)).toBeInTheDocument();
    ordersByEmail.mockResolvedValueOnce([
      { id: 'LC-7', vendor: 'LABCORP', kitId: 'KT1', productName: 'HPV', fulfillmentStatus: 'SHIPPED', createdAt: '' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: S.labcorp.fetch }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: S.labcorp.order })).toHaveTextContent('LC-7'));
    fireEvent.click(screen.getByRole('button', { name: S.labcorp.upload }));
    expect(await screen.findByText(S.labcorp.warnings.file)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(S.labcorp.file), { target: { files: [pdf()] } });
    fireEvent.click(screen.getByRole('button', { name: S.labcorp.upload }));
    expect(await screen.findByText(S.labcorp.warnings.resultType)).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: S.labcorp.resultType }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('HIV (HIV+)'));
    fireEvent.click(screen.getByRole('button', { name: S.labcorp.upload }));
    expect(await screen.findByText(S.labcorp.uploaded)).toBeInTheDocument();
    expect(dataProvider.uploadLabcorpResult).toHaveBeenCalledWith('LC-7', 'HIV', { fileName: 'result.pdf', fileContent: btoa('%PDF-1.4 x') });
  });

  it("the patient's e-mail is there at once when the patient was read already (coming from the profile)", async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(['patients', 'getOne', { id: PATIENT_ID, meta: undefined }], patientDetail());
    renderPanel(`/super-admin?page=UploadLabcorpResults&patientId=${PATIENT_ID}`, { queryClient });
    await waitFor(() => expect(field(S.labcorp.email)).toHaveValue('ann@example.com'));
    // and it stays (nothing resets the form after it opened)
    await new Promise((r) => setTimeout(r, 50));
    expect(field(S.labcorp.email)).toHaveValue('ann@example.com');
  });

  it('any status but 201 is "Unexpected response from server"', async () => {
    renderPanel('/super-admin?page=UploadLabcorpResults', {
      ordersByEmail: vi.fn(async () => [
        { id: 'LC-7', vendor: 'LABCORP', kitId: null, productName: null, fulfillmentStatus: 'SHIPPED', createdAt: '' },
      ]),
      uploadLabcorpResult: vi.fn(async () => ({ status: 200, body: {} })),
    });
    fireEvent.change(await screen.findByLabelText(S.labcorp.email), { target: { value: 'a@b.co' } });
    fireEvent.click(screen.getByRole('button', { name: S.labcorp.fetch }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: S.labcorp.order })).toHaveTextContent('LC-7'));
    fireEvent.change(screen.getByLabelText(S.labcorp.file), { target: { files: [pdf()] } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: S.labcorp.resultType }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('NEGATIVE (All Negative)'));
    fireEvent.click(screen.getByRole('button', { name: S.labcorp.upload }));
    expect(await screen.findByText(S.labcorp.unexpected)).toBeInTheDocument();
  });

  it('checks the file before sending: type, emptiness, size and content, naming the rule', async () => {
    const uploadLabcorpResult = vi.fn(async () => ({ status: 201, body: {} }));
    renderPanel('/super-admin?page=UploadLabcorpResults', {
      ordersByEmail: vi.fn(async () => [
        { id: 'LC-7', vendor: 'LABCORP', kitId: null, productName: null, fulfillmentStatus: 'SHIPPED', createdAt: '' },
      ]),
      uploadLabcorpResult,
    });
    fireEvent.change(await screen.findByLabelText(S.labcorp.email), { target: { value: 'a@b.co' } });
    fireEvent.click(screen.getByRole('button', { name: S.labcorp.fetch }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: S.labcorp.order })).toHaveTextContent('LC-7'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: S.labcorp.resultType }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('NEGATIVE (All Negative)'));
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: MAX_LABCORP_PDF_BYTES + 1 });
    for (const [file, text] of [
      [new File(['hello'], 'notes.txt', { type: 'text/plain' }), LABCORP_FILE_TEXT.type],
      [new File([], 'empty.pdf', { type: 'application/pdf' }), LABCORP_FILE_TEXT.empty],
      [big, LABCORP_FILE_TEXT.tooLarge],
      [new File(['\x89PNG data'], 'image.pdf', { type: 'application/pdf' }), LABCORP_FILE_TEXT.notPdf],
    ] as const) {
      fireEvent.change(screen.getByLabelText(S.labcorp.file), { target: { files: [file] } });
      fireEvent.click(screen.getByRole('button', { name: S.labcorp.upload }));
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(uploadLabcorpResult).not.toHaveBeenCalled();
  });
});
