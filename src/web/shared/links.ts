/** Links of the booking detail screen (spec 2 §2.3). */
export const patientProfilePath = (patientId: string) => `/PatientProfile?patientId=${encodeURIComponent(patientId)}&idType=sub`;
export const composeMessagePath = (patientId: string) => `/inbox?action=compose&pid=${encodeURIComponent(patientId)}`;
export const kitDetailsPath = (kitId: string) => `/KitDetails?kitId=${encodeURIComponent(kitId)}`;
export const paymentSearch = (bookingId: string) => `?ref=booking&id=${encodeURIComponent(bookingId)}`;
