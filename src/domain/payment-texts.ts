/** Labels of the Payment screen (i18n `payment.*`); spec texts verbatim ('Review Payment', 'view details'). */
export const PAYMENT_UI = {
  billing: 'Billing Address',
  card: 'Card Details',
  summary: 'Order Summary',
  fields: {
    firstName: 'First Name', lastName: 'Last Name', phone: 'Phone', streetAddress1: 'Street Address', streetAddress2: 'Apartment, suite, etc.',
    city: 'City', countryArea: 'State', postalCode: 'Zip Code', number: 'Card Number', expDate: 'Expiry (MM/YY)', cvc: 'CVV',
  },
  reference: 'Reference', referenceId: 'Reference ID', subTotal: 'Sub-total', tax: 'Tax', total: 'Total',
  reviewPayment: 'Review Payment',
  reviewIntro: 'Please review the payment before confirming it.',
  confirm: 'Confirm Payment',
  billedTo: 'Billed to',
  cardLabel: 'Card',
  successTitle: 'Payment Successful',
  successText: 'The payment of %{amount} was processed. Transaction ID: %{transactionId}',
  viewDetails: 'view details',
  close: 'Close',
  badReference: 'Nothing to pay: open this page from a booking (ref=booking&id=...).',
  nothingDue: 'No payment is required for this booking',
  previewName: 'CARDHOLDER',
  readOnly: 'Payments need product and order write access (read-only roles cannot pay).',
} as const;
