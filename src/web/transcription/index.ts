import type { ResourceDescriptor } from '../shared/resourceDescriptor';

/** A booking's transcriptions (spec 2 §2.3, §7), on the booking detail screen: no screen of their own. */
export default {
  name: 'transcription',
  endpoints: {
    /** List by referenceId, one by file id; create starts a recording. */
    transcriptions: {
      route: '/BookingDetails',
      list: '/secure/transcribe',
      one: (fileId) => `/secure/transcribe/${encodeURIComponent(String(fileId))}`,
      create: '/secure/transcribe',
    },
  },
} satisfies ResourceDescriptor;
