import MailIcon from '@mui/icons-material/Mail';
import { SCREEN_FAILURE_CAUSE, type FailureText, type ResourceDescriptor } from '../shared/resourceDescriptor';

const one = (id: string | number) => `/secure/message/${encodeURIComponent(String(id))}`;
/** spec 3 §8: "failed loading message details,cause: {msg}.Please try again with refresh". */
const loadFailed: FailureText = { key: 'message.loadFailed', args: { msg: SCREEN_FAILURE_CAUSE } };
const MessageDetailPage = () => import('./MessageDetailPage');

/**
 * Secure messages (spec 3 §7): the inbox (one = by inbox id, which marks it read), the user's sent messages, those of
 * other clinicians (super admin, auditor) and a patient's (filter patientId, on the patient profile).
 */
export default {
  name: 'messages',
  screens: [
    { path: '/inbox', load: () => import('./InboxPage'), param: { name: 'messageId', load: MessageDetailPage, failure: loadFailed } },
    { path: '/MessageDetails', load: MessageDetailPage, failure: loadFailed },
  ],
  menu: [{ key: 'messages', to: '/inbox', section: 'main', order: 20, icon: MailIcon }],
  endpoints: {
    messages: { list: '/secure/message', one: (id) => `/secure/message/inbox/${encodeURIComponent(String(id))}`, export: '/secure/message/export' },
    'sent-messages': { list: '/secure/message/sent', one, export: '/secure/message/sent/export' },
    'other-clinician-messages': { list: '/secure/message/sent/otherClinicians', one, export: '/secure/message/sent/otherClinicians/export' },
    'patient-messages': { route: '/PatientProfile', list: '/secure/message/patient', one, export: '/secure/message/patient/export' },
  },
} satisfies ResourceDescriptor;
