import { ZIP_ERROR } from './patients';

/** The warnings of the kit and PrEP forms, in the order the spec checks them (spec 3 §5). */
export const ORDER_FORM_WARNINGS = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Valid email is required',
  phone: 'Phone must be in format +14047897890',
  street: 'Street address is required',
  city: 'City is required',
  region: 'Region is required',
  postalCode: 'Postal code is required',
  /** A postal code that is not a zip: the zip text of spec 3 §5. */
  zip: ZIP_ERROR,
  product: 'Please select a product',
  shipping: 'Please select a shipping method',
} as const;

export const LABCORP_WARNINGS = {
  order: 'Please select an order ID',
  file: 'Please upload a file',
  resultType: 'Please select a result type',
} as const;

/**
 * Texts of the super-admin panel (spec 3 §2, §5, §6, §8), verbatim where the spec gives them. Registered in the portal
 * catalogue as `superAdmin.*`.
 */
export const SUPER_ADMIN_TEXT = {
  title: 'Super Admin Panel',
  back: 'Back',
  cards: {
    CreateOrder: 'Create a Kit Order',
    CreatePrepOrder: 'Create a PrEP Order',
    UploadLabcorpResults: 'Upload Labcorp Results',
    RegisterKit: 'Register Kit for Patient',
  },
  cardHints: {
    CreateOrder: 'Order an at-home test kit for a patient, without payment',
    CreatePrepOrder: 'Order a PrEP programme product for a patient, without payment',
    UploadLabcorpResults: 'Upload a Labcorp result PDF for an order',
    RegisterKit: 'Not available',
  },
  form: {
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    phone: 'Phone',
    phoneHint: 'e.g. +14047897890',
    street: 'Street Address',
    street2: 'Street Address 2',
    city: 'City',
    region: 'Region',
    postalCode: 'Postal Code',
    product: 'Product',
    shipping: 'Shipping Method',
    amountPaid: 'Invoice Amount',
    submit: 'Create Order',
    free: 'Free',
  },
  warnings: { ...ORDER_FORM_WARNINGS, invoice: 'Invoice amount must be a number' },
  created: 'Order created successfully!',
  kitFailed: 'Failed to create order, please confirm if the User info and Address is correct',
  prepFailed: 'An unexpected error occurred.',
  loadFailed: 'Failed to load the products or shipping methods',
  noAccess: 'You do not have permission to access this page. Contact us if this is a mistake',
  labcorp: {
    email: 'Patient Email',
    fetch: 'Fetch Orders',
    emailRequired: 'An e-mail is required to fetch orders',
    order: 'Order ID',
    file: 'Result PDF',
    chooseFile: 'Choose File',
    resultType: 'Result Type',
    upload: 'Upload Results',
    noOrders: 'No orders found for this email',
    noLabcorpOrders: 'No Labcorp orders found for this patient',
    fetchFailed: 'Failed to fetch orders',
    uploaded: 'Labcorp results uploaded successfully',
    unexpected: 'Unexpected response from server',
    uploadFailed: 'Failed to upload Labcorp results',
    readError: 'Error reading file',
    unhandled: 'Unhandled error occurred',
    warnings: LABCORP_WARNINGS,
  },
  kitTab: {
    orderNewKit: 'Order a new kit',
    kitOrder: 'Kit order',
    prepOrder: 'PrEP order',
    upload: 'Upload Labcorp Results',
    reorder: 'Reorder',
  },
} as const;
