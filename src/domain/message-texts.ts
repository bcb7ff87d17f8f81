import { MESSAGE_TEXT } from './secure-messages';

/**
 * Labels of the inbox, message detail and compose screens (spec 3 §2), served with the spec's message texts
 * (MESSAGE_TEXT) under `message.*` by the portal's i18n catalogue.
 */
export const MESSAGE_UI = {
  menu: { inbox: 'Inbox', sent: 'Sent', others: 'Sent - Other Clinicians', compose: 'New Message', refresh: 'Refresh', label: 'Messages menu' },
  col: {
    sender: 'Sender', to: 'To', subject: 'Subject', dateTime: 'Date/Time', status: 'Status', dob: 'Dob', state: 'State', recipients: 'Recipients',
  },
  toggle: {
    allStates: 'All States', myStates: 'My States', allMessages: 'All Messages', unanswered: 'Unanswered Messages', sentToMe: 'Sent to me',
    statesLabel: 'States', answeredLabel: 'Answered', recipientLabel: 'Recipient',
  },
  detail: {
    to: 'To', cc: 'CC', from: 'From', recipients: 'Recipients', date: 'Date', attachments: 'Attachments', reply: 'Reply',
    sendPrescription: 'Send Prescription', viewProfile: 'View Profile', updateStatus: 'Update Status', download: 'Download %{name}',
    latestComment: '%{comment} - %{author}', thread: 'Thread', loading: 'Loading message', sendReply: 'Send Reply', cancel: 'Cancel',
    replyTitle: 'Reply to %{name}', history: 'Status history',
  },
  leave: {
    title: 'Leave without sending?', body: 'Your message has not been sent. If you leave now, what you wrote is lost.', stay: 'Stay', leave: 'Leave',
  },
  status: { NEEDS_REVIEW: 'Needs Review', IN_PROGRESS: 'In Progress', DONE: 'Done', label: 'Status', reason: 'Reason', save: 'Update Status', title: 'Update Status' },
  compose: {
    title: 'New Message', searchType: 'Search by', searchTerm: 'Search patient', noResults: 'No patients found', subject: 'Subject', body: 'Message',
    attach: 'Attach files', removeAttachment: 'Remove %{name}', send: 'Send', reset: 'Reset', sendMessage: 'Send Message', cancel: 'Cancel',
    selected: 'Recipient', clear: 'Change patient', patientLine: '%{name} · %{email} · DOB %{dob} · %{state}', searching: 'Searching',
  },
  unread: 'Unread', masked: 'Outside your licence states',
} as const;

export { MESSAGE_TEXT };
