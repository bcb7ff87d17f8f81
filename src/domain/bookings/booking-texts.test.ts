import { describe, expect, it } from 'vitest';
import { BOOKING_SEARCH_TYPES } from './bookings';
import { BOOKING_TOAST_MS } from './booking-texts';
import { BOOKING_TEXT } from '../i18n/en/booking';

describe('booking texts (spec 2 §2, §5, §8, §9)', () => {
  it('label every search mode of §2.1', () => {
    expect(Object.keys(BOOKING_TEXT.modes)).toEqual([...BOOKING_SEARCH_TYPES]);
    expect(Object.values(BOOKING_TEXT.modes)).toEqual([
      "Today's Bookings",
      'Booking ID',
      'Last Name & DOB',
      'Date Range',
      'Mobile',
      'Email',
      'Unassigned',
      'Booking Status',
    ]);
  });

  it('hold the spec texts exactly', () => {
    expect(BOOKING_TEXT).toMatchObject({
      dateRangeTooLong: 'Date range cannot be more than 15 days',
      unsupportedSearch: 'Unsupported search type',
      found: 'Booking(s) found',
      searchFailed: 'Booking search failed. Reason: %{reason}',
      showingAll: 'Showing all bookings',
      showingMine: 'Showing only your bookings',
      showingUnassigned: 'Showing only unassigned bookings',
      unsupportedFilter: 'unsupported filter value',
      tableTitle: 'Available Bookings',
      timeZoneChanged: 'Timezone changed successfully',
      statusSaved: 'Status %{status} saved successfully...',
      statusFailed: 'Error saving status...',
      invalidTag: 'Please enter a valid Tag',
      tagSaved: 'Tag %{tag} saved successfully...',
      tagFailed: 'Error saving Tag...',
      assigned: 'Booking assigned to you,navigating to detail page',
      assignFailed: 'Failed to assign booking to you. Reason: %{reason}',
      calendarParseFailed: 'Failed parsing booking data for calender',
    });
  });

  it('name the calendar locations as §2.2 does', () => {
    expect(BOOKING_TEXT.locations).toEqual({
      ALL: 'All',
      ONLINE: 'Online/Telemedicine',
      DENVER_CAREHUB_01: 'Care Hub Denver',
      CHARLESTON_NV_89104: 'Care Hub Las Vegas Charleston',
    });
  });

  it('keep the toast durations of §9', () => {
    expect(BOOKING_TOAST_MS).toEqual({ default: 6000, status: 2500, tag: 4000 });
  });
});
