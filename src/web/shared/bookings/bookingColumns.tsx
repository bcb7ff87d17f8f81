import { Link } from '@mui/material';
import { formatBookingTime } from '../../../domain/bookings/booking-time';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CARE_LOCATIONS } from '../../../domain/shared/constants';
import { MASK } from '../../../domain/shared/masking';
import { MaskedRowAccess } from '../break-glass/MaskedRowAccess';
import type { BookingRow } from '../../providers/bookingMethods';
import { BookingStatusChip } from './BookingStatusChip';

/** The booking detail screen of a booking (spec URL). */
export const bookingDetailsPath = (id: string) => `/BookingDetails?bookingId=${encodeURIComponent(id)}`;

/** Columns of the Available Bookings table (spec 2 §2.1), in order; labels are booking.columns.<key>. */
export const BOOKING_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'dob',
  'state',
  'city',
  'careType',
  'careLocation',
  'primaryClinician',
  'appntStart',
  'appntEnd',
  'products',
  'status',
  'tagOrLabel',
] as const;
export type BookingColumn = (typeof BOOKING_COLUMNS)[number];

/** A value as cell text: strings and numbers as they are; anything else (a masked row's mangled object) as ''. */
const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** Spec 2 §9 date format (LLL dd, yyyy hh:mm a) in the booking's zone, labelled (as on the detail and in the CSV); masked as it is. */
export function formatDateTime(value: unknown, zone?: unknown): string {
  const text = textOf(value);
  if (!text) return '';
  return formatBookingTime(text, typeof zone === 'string' ? zone : null);
}

const careTypeText = (careType: BookingRow['careType']) =>
  careType && typeof careType === 'object' ? textOf(careType.displayName) || textOf(careType.name) : textOf(careType);

const locationText = (code: unknown) => CARE_LOCATIONS.find((l) => l.code === code)?.label ?? textOf(code);

const productsText = (products: BookingRow['products']) =>
  (Array.isArray(products) ? products : [])
    .map((p) => (typeof p === 'string' ? p : textOf(p?.name)))
    .filter(Boolean)
    .join(', ');

/** A cell's content; `unassigned` is the translated text for a booking without primary clinician. A masked row shows XXXXXX. */
export function bookingCell(column: BookingColumn, row: BookingRow, unassigned: string): ReactNode {
  if (row.masked && column !== 'id' && column !== 'products') return column === 'tagOrLabel' ? textOf(row.tagOrLabel) : MASK;
  switch (column) {
    case 'id':
      return row.masked ? (
        <>
          {row.id} <MaskedRowAccess target={{ bookingId: row.id }} to={bookingDetailsPath(row.id)} />
        </>
      ) : (
        <Link component={RouterLink} to={bookingDetailsPath(row.id)} data-booking-link={row.id}>
          {row.id}
        </Link>
      );
    case 'careType':
      return careTypeText(row.careType);
    case 'careLocation':
      return locationText(row.careLocation);
    case 'primaryClinician':
      return textOf(row.primaryClinicianName) || unassigned;
    case 'appntStart':
      return formatDateTime(row.appntStart, row.eventTimeZone);
    case 'appntEnd':
      return formatDateTime(row.appntEnd, row.eventTimeZone);
    case 'products':
      return productsText(row.products);
    case 'status':
      return <BookingStatusChip status={row.bookingStatus} />;
    case 'tagOrLabel':
      return textOf(row.tagOrLabel);
    default:
      return textOf(row[column]);
  }
}
