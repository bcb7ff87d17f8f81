/** The spec's message texts, verbatim (spec 3 §5, §8; the 'All' tooltip and the switch label are ours). */
export const MESSAGE_TEXT = {
  statusChanged: 'Status changed to %{status} successfully',
  somethingWrong: 'Something went wrong',
  messageEmpty: 'Message cannot be empty',
  messageSent: 'Message Sent!',
  sendFailed: 'Failed to send message. cause: %{cause}',
  uploadFailed: 'Upload failed, cause: %{cause}',
  uploadSuccess: 'Upload success',
  uploading: 'Uploading File',
  deleteSuccess: 'Success',
  invalidUrl: 'Invalid URL',
  loadFailed: 'failed loading message details,cause: %{msg}.Please try again with refresh',
  enterReason: 'Please enter a reason',
  selectPatient: 'Please select a patient from list',
  tooManyFiles: 'Only 5 File allowed at a time',
  noMessages: 'No messages found',
  readOnly: 'Read only',
  readOnlyTooltip: 'Correct state license is missing. You have Read Only access to this message thread.',
  ccOnlyTooltip: 'You were copied on this thread (CC). You have Read Only access to this message thread.',
  allRecipients: 'All',
  allRecipientsTooltip: 'This message is visible to the shared clinician mailbox',
  confirmRecipient: 'I have reviewed the recipient and want to send this message to this patient',
  reviewRecipient: 'Review recipient',
  patientSearchFailed: 'Patient search failed. Select an option before typing',
  onlyRepliedSelectable: 'Only messages already replied to can be selected for a status update',
  notReplied: 'only messages already replied to can be annotated',
  attachmentNotYours: 'an attachment is not a message attachment you uploaded, or it is already linked to a message',
  badBase64: 'base64Message is not valid base64 text',
  mailSubject: 'You have a new secure message',
  mailText: 'You have a new secure message from your care team. Sign in to your account to read it.',
} as const;

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
