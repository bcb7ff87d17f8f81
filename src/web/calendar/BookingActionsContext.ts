import { createContext } from 'react';
import type { CalendarEventRow } from '../bookings/bookingsApi';

/** Opens the actions menu of a booking at an element (the event's actions button). */
export const BookingActionsContext = createContext<(booking: CalendarEventRow, anchor: HTMLElement) => void>(() => undefined);
