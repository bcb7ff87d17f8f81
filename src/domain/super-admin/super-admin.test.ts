import { describe, expect, it } from 'vitest';
import {
  labcorpUploadFormSchema,
  firstLabcorpWarning,
  firstOrderWarning,
  isPdfContent,
  LABCORP_FILE_TEXT,
  labcorpFileProblem,
  MAX_LABCORP_PDF_BYTES,
  INVOICE_AMOUNT_TEXT,
  invoiceAmount,
  invoiceAmountError,
  isPrepProduct,
  orderPayloadWarning,
  matchProduct,
  reorderPage,
  saleorOrderSchema,
  superAdminHref,
  superAdminPageOf,
} from './super-admin';
import { normalisePhone } from '../shared/contact';
import { ORDER_FORM_WARNINGS as W } from '../i18n/en/super-admin';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+14047897890',
  street_address: '1 Main St',
  street_address2: '',
  locality: 'Reno',
  region: 'NV',
  postal_code: '89501',
  variantId: 'v1',
  shippingMethodId: 's0',
  amountPaid: '',
};

describe('order form checks (spec 3 §5), in the spec order', () => {
  it('reports the first failing check of the ten, in order', () => {
    const order: [keyof typeof valid, string][] = [
      ['firstName', W.firstName],
      ['lastName', W.lastName],
      ['email', W.email],
      ['phone', W.phone],
      ['street_address', W.street],
      ['locality', W.city],
      ['region', W.region],
      ['postal_code', W.postalCode],
      ['variantId', W.product],
      ['shippingMethodId', W.shipping],
    ];
    // Emptying every field from the end backwards: each time, the earliest empty one is reported.
    const v: Record<string, string> = { ...valid };
    for (const [field] of order) v[field] = '  ';
    for (const [field, warning] of order) {
      expect(firstOrderWarning(v)).toBe(warning);
      v[field] = valid[field];
    }
    expect(firstOrderWarning(v)).toBeNull();
  });

  it("texts are the spec's", () => {
    expect(Object.values(W)).toEqual([
      'First name is required',
      'Last name is required',
      'Valid email is required',
      'Phone must be in format +14047897890',
      'Street address is required',
      'City is required',
      'Region is required',
      'Postal code is required',
      'Please enter a valid Zip Code.',
      'Please select a product',
      'Please select a shipping method',
    ]);
  });

  it('e-mail: non-space text, @, text, dot, text', () => {
    for (const bad of ['ada', 'ada@example', 'ada @x.com', '@x.com', 'a@.']) expect(firstOrderWarning({ ...valid, email: bad })).toBe(W.email);
    expect(firstOrderWarning({ ...valid, email: 'a.b+c@d.co' })).toBeNull();
  });
});

describe('phone normalisation', () => {
  it('strips every non-digit other than a leading plus', () => {
    expect(normalisePhone(' +1 (404) 789-7890 ')).toBe('+14047897890');
    expect(normalisePhone('1-404-789-7890')).toBe('+14047897890');
    expect(normalisePhone('4047897890')).toBe('+14047897890');
    expect(normalisePhone('+1 404 ext+7')).toBe('+1 404 ext+7');
  });
  it('refuses a postal code that is not a zip, with the zip text', () => {
    expect(firstOrderWarning({ ...valid, postal_code: 'abcde' })).toBe('Please enter a valid Zip Code.');
    expect(firstOrderWarning({ ...valid, postal_code: ' 89104-1234 ' })).toBeNull();
  });
  it('must then be a plus and exactly 11 digits', () => {
    for (const bad of ['4047897890', '14047897890', '+4047897890', '+140478978901', '404789789', 'call me'])
      expect(firstOrderWarning({ ...valid, phone: bad })).toBe(W.phone);
    expect(firstOrderWarning({ ...valid, phone: '+1 (404) 789-7890' })).toBeNull();
    // A prefilled patient phone held without the plus is normalised before it is shown, so the form accepts it.
    expect(firstOrderWarning({ ...valid, phone: normalisePhone('4047897890') })).toBeNull();
  });
});

describe('product preselection by the first 6 letters of kitName', () => {
  const products = [
    { name: '3-Panel STD Test' },
    { name: '5-Panel STD Test' },
    { name: 'Bacterial Vaginosis' },
    { name: 'HPV' },
    { name: 'Mycoplasma Genitalium' },
    { name: 'PrEP Maintenance At-home STI Test' },
  ];
  it('matches ignoring case, spaces and punctuation', () => {
    expect(matchProduct('5 panel std', products)?.name).toBe('5-Panel STD Test');
    expect(matchProduct('BACTERIAL VAG', products)?.name).toBe('Bacterial Vaginosis');
    expect(matchProduct('Mycopl', products)?.name).toBe('Mycoplasma Genitalium');
    expect(matchProduct('HPV', products)?.name).toBe('HPV');
    expect(matchProduct('prep maintenance kit', products)?.name).toBe('PrEP Maintenance At-home STI Test');
  });
  it('nothing for an unknown or empty name', () => {
    expect(matchProduct('Syphilis', products)).toBeNull();
    expect(matchProduct('', products)).toBeNull();
    expect(matchProduct(null, products)).toBeNull();
  });
});

describe('invoice amount, reorder, links', () => {
  it('numeric; empty is 0 for kits and null for PrEP; anything else is invalid', () => {
    expect(invoiceAmount('', 'KIT')).toBe(0);
    expect(invoiceAmount(' ', 'PREP')).toBeNull();
    expect(invoiceAmount('12.50', 'PREP')).toBe(12.5);
    expect(invoiceAmount(7, 'KIT')).toBe(7);
    expect(invoiceAmount('abc', 'KIT')).toBeUndefined();
    expect(invoiceAmount('-1', 'KIT')).toBeUndefined();
  });
  it('says what is wrong with an amount: not a number, negative, too large, more than cents', () => {
    expect(invoiceAmountError('abc')).toBe('Invoice amount must be a number');
    expect(invoiceAmountError('-50')).toBe('Invoice amount cannot be negative');
    expect(invoiceAmountError(-50)).toBe(INVOICE_AMOUNT_TEXT.negative);
    expect(invoiceAmountError('100000.01')).toBe('Invoice amount must be at most 100000');
    expect(invoiceAmountError('12.345')).toBe('Invoice amount must have at most 2 decimal places');
    for (const ok of ['', '0', '12.5', 100_000]) expect(invoiceAmountError(ok)).toBeNull();
  });
  it('the server refuses a negative amount with the same text', () => {
    const r = saleorOrderSchema.safeParse({ amountPaid: -50 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['amountPaid'], message: INVOICE_AMOUNT_TEXT.negative });
  });
  it('Reorder opens the PrEP form when the product name contains prep', () => {
    expect(isPrepProduct('Free PrEP Program At-home STI Test')).toBe(true);
    expect(reorderPage('Paid PREP HIV Prevention Program')).toBe('CreatePrepOrder');
    expect(reorderPage('HPV')).toBe('CreateOrder');
    expect(superAdminHref('CreateOrder', { patientId: 'p1', kitName: '3-Panel STD Test' })).toBe(
      '/super-admin?page=CreateOrder&patientId=p1&kitName=3-Panel+STD+Test',
    );
    expect(superAdminPageOf('UploadLabcorpResults')).toBe('UploadLabcorpResults');
    expect(superAdminPageOf('RegisterKit')).toBeNull();
  });
  it('Labcorp warnings in order', () => {
    expect(firstLabcorpWarning({})).toBe('Please select an order ID');
    expect(firstLabcorpWarning({ orderId: 'LC-1' })).toBe('Please upload a file');
    expect(firstLabcorpWarning({ orderId: 'LC-1', file: {} })).toBe('Please select a result type');
    expect(firstLabcorpWarning({ orderId: 'LC-1', file: {}, resultType: 'HIV' })).toBeNull();
  });
  it('Labcorp file checks before sending, each naming the rule that failed', () => {
    expect(labcorpFileProblem({ name: 'notes.txt', size: 10 })).toBe(LABCORP_FILE_TEXT.type);
    expect(labcorpFileProblem({ name: 'result.pdf', size: 0 })).toBe(LABCORP_FILE_TEXT.empty);
    expect(labcorpFileProblem({ name: 'result.pdf', size: MAX_LABCORP_PDF_BYTES + 1 })).toBe(LABCORP_FILE_TEXT.tooLarge);
    expect(labcorpFileProblem({ name: 'Result (1).PDF', size: MAX_LABCORP_PDF_BYTES })).toBeNull();
    expect(isPdfContent(btoa('%PDF-1.4 body'))).toBe(true);
    expect(isPdfContent(btoa('\x89PNG....'))).toBe(false);
  });
});

describe('the server payload schema', () => {
  const body = {
    firstName: ' Ada ',
    lastName: 'Lovelace ',
    email: ' Ada@Example.com',
    phone: '+1 (404) 789-7890',
    variantId: 'v1',
    shippingMethodId: 's0',
    userAddress: { street_address: ' 1 Main St ', street_address2: null, locality: 'Reno', region: 'NV', postal_code: '89501 ' },
    amountPaid: 0,
  };
  it('trims, lower-cases the e-mail and normalises the phone', () => {
    const out = saleorOrderSchema.parse(body);
    expect(out).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+14047897890',
      partnerId: null,
      userAddress: { street_address: '1 Main St', street_address2: '', postal_code: '89501' },
    });
  });
  it('names the first failing check only; missing texts read as empty', () => {
    expect(orderPayloadWarning(saleorOrderSchema.parse({ ...body, lastName: ' ', phone: 'x', variantId: '' }))).toBe('Last name is required');
    expect(orderPayloadWarning(saleorOrderSchema.parse({}))).toBe('First name is required');
    expect(orderPayloadWarning(saleorOrderSchema.parse({ ...body, userAddress: { ...body.userAddress, locality: ' ' } }))).toBe('City is required');
    expect(orderPayloadWarning(saleorOrderSchema.parse(body))).toBeNull();
  });
});

describe('Labcorp upload form', () => {
  it("warns in the spec's order (order, file, result type), then names the file's rule", () => {
    const message = (v: Record<string, unknown>) => labcorpUploadFormSchema.safeParse(v).error?.issues[0]?.message;
    const pdf = { name: 'r.pdf', size: 10 };
    expect(message({ orderId: '', file: null, resultType: '' })).toBe('Please select an order ID');
    expect(message({ orderId: 'LC-7', file: null, resultType: '' })).toBe('Please upload a file');
    expect(message({ orderId: 'LC-7', file: pdf, resultType: '' })).toBe('Please select a result type');
    expect(message({ orderId: 'LC-7', file: { name: 'r.txt', size: 10 }, resultType: 'HIV' })).toBe('Please choose a PDF file (.pdf)');
    expect(message({ orderId: 'LC-7', file: pdf, resultType: 'HIV' })).toBeUndefined();
  });
});
