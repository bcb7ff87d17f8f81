import { describe, expect, it } from 'vitest';
import {
  annotationSchema,
  attachmentDisplayName,
  composeFormSchema,
  formatMessageTime,
  fromBase64Utf8,
  hasUnsentDraft,
  isSelectableForStatus,
  isSharedMailbox,
  maySendMessages,
  outgoingMessageSchema,
  recipientPreview,
  recipientsLine,
  replyRefusal,
  seesOtherClinicians,
  sendRefusal,
  statusFormSchema,
  toBase64Utf8,
} from './secure-messages';
import { MESSAGE_TEXT } from '../i18n/en/message';

const clinician = { superAdmin: false, readOnly: false, clinician: true, validStates: ['NV', 'CO'] };
const admin = { superAdmin: true, readOnly: false, clinician: false, validStates: [] };
const staff = { superAdmin: false, readOnly: false, clinician: false, validStates: [] };
const auditor = { superAdmin: false, readOnly: true, clinician: false, validStates: [] };
const thread = { ccOnly: false, reply: true, state: 'NV' };

describe('reply rights (spec 3 §4, §6)', () => {
  it('a clinician with a valid licence for the patient state may reply', () => {
    expect(replyRefusal(thread, clinician)).toBeNull();
    expect(replyRefusal({ ...thread, state: 'TX' }, clinician)).toBe('licence');
    expect(replyRefusal({ ...thread, state: null }, clinician)).toBe('licence');
  });
  it('CC-only threads and threads without reply rights are read only, also for a super admin', () => {
    expect(replyRefusal({ ...thread, ccOnly: true }, clinician)).toBe('ccOnly');
    expect(replyRefusal({ ...thread, ccOnly: true }, admin)).toBe('ccOnly');
    expect(replyRefusal({ ...thread, reply: false }, admin)).toBe('noReply');
  });
  it('a super admin replies regardless of licence; staff and auditors never', () => {
    expect(replyRefusal({ ...thread, state: 'TX' }, admin)).toBeNull();
    expect(replyRefusal(thread, staff)).toBe('licence');
    expect(replyRefusal(thread, auditor)).toBe('readOnlyRole');
    expect(sendRefusal('CO', clinician)).toBeNull();
    expect(sendRefusal('FL', clinician)).toBe('licence');
  });
  it('who sees Sent - Other Clinicians and who may send', () => {
    expect(seesOtherClinicians({ superAdmin: true, roles: ['super_admin'] })).toBe(true);
    expect(seesOtherClinicians({ superAdmin: false, roles: ['auditor_read_only'] })).toBe(true);
    expect(seesOtherClinicians({ superAdmin: false, roles: ['clinicians'] })).toBe(false);
    expect(maySendMessages({ superAdmin: false, clinician: true, readOnly: false })).toBe(true);
    expect(maySendMessages({ superAdmin: false, clinician: false, readOnly: false })).toBe(false);
    expect(maySendMessages({ superAdmin: false, clinician: true, readOnly: true })).toBe(false);
  });
});

describe('texts and shapes', () => {
  it('recipient previews are cut at 50 characters', () => {
    expect(recipientPreview('a'.repeat(50))).toBe('a'.repeat(50));
    expect(recipientPreview('a'.repeat(51))).toBe(`${'a'.repeat(50)}...`);
    expect(recipientsLine({ toNames: 'Ann Lee', ccToGroupNames: ['staff'] })).toBe('Ann Lee, CC: staff');
  });
  it('attachments are named after the first underscore', () => {
    expect(attachmentDisplayName('0d0c-11_lab_report.pdf')).toBe('lab_report.pdf');
    expect(attachmentDisplayName('plain.pdf')).toBe('plain.pdf');
  });
  it('message time is ddd MMM D, YYYY LT', () => {
    const d = new Date(2026, 10, 23, 14, 5);
    expect(formatMessageTime(d.toISOString())).toBe('Mon Nov 23, 2026 2:05 PM');
    expect(formatMessageTime(null)).toBe('');
  });
  it('base64 of UTF-8 text round-trips; other text is refused', () => {
    const html = '<p>Grüße — 你好</p>';
    expect(fromBase64Utf8(toBase64Utf8(html))).toBe(html);
    expect(fromBase64Utf8('not base64!!')).toBeNull();
    expect(fromBase64Utf8('//79')).toBeNull(); // not UTF-8
  });
  it('the shared mailbox is a patient message without a recipient; only replied rows are selectable', () => {
    expect(isSharedMailbox({ fromActorType: 'P', toUsers: [] })).toBe(true);
    expect(isSharedMailbox({ fromActorType: 'C', toUsers: [] })).toBe(false);
    expect(isSelectableForStatus({ repliedBy: 'Jane Doe' })).toBe(true);
    expect(isSelectableForStatus({ repliedBy: null })).toBe(false);
    expect(isSelectableForStatus({ repliedBy: 'Jane Doe', masked: true })).toBe(false);
  });
});

describe('schemas', () => {
  const id = '11111111-1111-4111-8111-111111111111';
  it('annotation: a reason and a status; msgIds comma-joined ids', () => {
    expect(annotationSchema.parse({ comment: ' ok ', status: 'DONE', msgIds: `${id}, ${id}` })).toEqual({
      comment: 'ok',
      status: 'DONE',
      msgIds: [id],
    });
    expect(annotationSchema.safeParse({ comment: ' ', status: 'DONE', msgIds: id }).error?.issues[0].message).toBe(MESSAGE_TEXT.enterReason);
    expect(annotationSchema.safeParse({ comment: 'x', status: 'OPEN', msgIds: id }).success).toBe(false);
    expect(annotationSchema.safeParse({ comment: 'x', status: 'DONE', msgIds: 'a,b' }).success).toBe(false);
    expect(statusFormSchema.safeParse({ status: 'DONE', comment: '' }).error?.issues[0].message).toBe(MESSAGE_TEXT.enterReason);
  });
  it('outgoing message: patient, body, at most 5 attachments, nothing else', () => {
    const ok = { patientId: id, base64Message: toBase64Utf8('<p>x</p>'), rawMessage: 'x' };
    expect(outgoingMessageSchema.parse(ok).attachmentUrls).toEqual([]);
    expect(outgoingMessageSchema.safeParse({ ...ok, attachmentUrls: ['1', '2', '3', '4', '5', '6'] }).error?.issues[0].message).toBe(
      MESSAGE_TEXT.tooManyFiles,
    );
    expect(outgoingMessageSchema.safeParse({ ...ok, patientId: '' }).error?.issues[0].message).toBe(MESSAGE_TEXT.selectPatient);
    expect(outgoingMessageSchema.safeParse({ ...ok, to: 'x' }).success).toBe(false);
  });
  it('compose form: a patient from the list and a body with text', () => {
    const issues = (v: object) => composeFormSchema.safeParse(v).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ patientId: '', body: '<p> </p>' })).toEqual([MESSAGE_TEXT.selectPatient, MESSAGE_TEXT.messageEmpty]);
    expect(issues({ patientId: id, body: '<p>Hi</p>' })).toEqual([]);
  });

  it('an unsent draft: subject, body text, an attachment or a picked patient; not an empty body or the preset patient', () => {
    expect(hasUnsentDraft({ patientId: '', subject: ' ', body: '<p>&nbsp;</p>', attachments: [] })).toBe(false);
    expect(hasUnsentDraft({ patientId: 'p-1', body: '' }, 'p-1')).toBe(false);
    expect(hasUnsentDraft({ patientId: 'p-2', body: '' }, 'p-1')).toBe(true);
    expect(hasUnsentDraft({ subject: 'Results' })).toBe(true);
    expect(hasUnsentDraft({ body: '<p>Hi</p>' })).toBe(true);
    expect(hasUnsentDraft({ attachments: [{ name: 'a.pdf', size: 1, url: 'local://MESSAGE_ATTACHMENTS/a.pdf' }] })).toBe(true);
  });
});
