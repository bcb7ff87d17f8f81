/** Toast durations of the booking screens (spec 2 §9): 6 s by default, status update 2.5 s, tag 4 s. */
export const BOOKING_TOAST_MS = { default: 6000, status: 2500, tag: 4000 } as const;
