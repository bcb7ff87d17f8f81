import { describe, expect, it } from 'vitest';
import { TOOLTIP_ASSIGNED_OR_INELIGIBLE, TOOLTIP_INELIGIBLE } from './lab-actions';
import { LAB_TEXT } from '../i18n/en/lab';

describe('lab texts (spec 1 §5, §8)', () => {
  it('holds the spec texts exactly', () => {
    expect(LAB_TEXT).toMatchObject({
      assignedToYou: 'Assigned to you!',
      assignFailed: 'Failed to assign kit. Cause: %{cause}',
      resultsRefreshFailed: 'Lab results refresh failed. Reason: %{reason}',
      requestsRefreshFailed: 'Lab requests refresh failed. Reason: %{reason}',
      overrideFailed: 'Test result auto release override failed. cause: %{cause}',
      overrideSuccess: 'Test result auto release cancelled.',
      errorFetchingTestInfo: 'Error fetching test information.',
      errorCreatingTest: 'Error creating test',
      uploadFailed: 'Upload failed, cause: %{cause}',
      unknownCause: 'unknown',
      tubeError: 'Error encountered while adding the test tube serial number',
      confirmAllCheckboxes: 'Please confirm and select all checkboxes',
      makeSureAddText: 'Make sure you add text',
      templateError: 'There was an error applying the template. Please reset & try again.',
      mustResolve: 'you must check that this has been resolved before moving on',
      confirmSend: 'Are you sure you want to send this message to the patient?',
      enterRequiredValues: 'Enter all the required values',
      resultReleaseSuccess: 'Result release success!',
      draftSaved: 'Draft Saved!',
      appointmentRequested: 'Appointment Requested!',
      messageSent: 'Message Sent!',
      approved: 'Approved!',
      rejectNoteAdded: 'Reject Note Added',
      uploadSuccess: 'Upload success',
      noteSubmitted: 'Note Submitted!',
      notesReleased: 'Note(s) Released!',
      showingAllResults: 'Showing all Lab Results',
      showingMyStates: 'Showing lab results for your state',
      sendingMessage: 'Sending Message...',
      uploadingFile: 'Uploading File',
      perStandingOrder: 'per standing order',
      autoApproved: 'AUTO APPROVED',
      reassignTitle: 'Re-assign Kit to Me',
      tubeSerialTitle: 'Enter the test tube serial number',
      labRequestTitle: 'Lab Request',
      caseDetailsTitle: 'Case details',
    });
  });

  it("the tooltips are the action rules' ones", () => {
    expect(LAB_TEXT.tooltipAssignedOrIneligible).toBe(TOOLTIP_ASSIGNED_OR_INELIGIBLE);
    expect(LAB_TEXT.tooltipIneligible).toBe(TOOLTIP_INELIGIBLE);
  });

  it('the default reject patient note starts "Hi {first name},"', () => {
    expect(LAB_TEXT.defaultRejectNote.startsWith('Hi %{firstName},')).toBe(true);
  });

  it('never uses the polyglot plural separator', () => {
    for (const text of Object.values(LAB_TEXT)) expect(text).not.toContain('||||');
  });
});
