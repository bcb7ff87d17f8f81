import { PROFILE_TEXT } from './clinician-profile';

/** The clinician profile page's labels (catalogue namespace `profile`, with the spec texts of PROFILE_TEXT). */
export const PROFILE_UI = {
  ...PROFILE_TEXT,
  field: {
    firstName: 'First Name', middleName: 'Middle Name', lastName: 'Last Name', dob: 'Date of Birth', funFact: 'Fun Fact',
    personalEmail: 'Personal Email', tbdEmail: 'Work Email', mobile: 'Mobile', address1: 'Address 1', address2: 'Address 2',
    city: 'City', state: 'State', zip: 'Zip', email: 'Sign-in Email', status: 'Status', calendarLink: 'Calendar Link',
  },
  submit: 'Submit',
  clear: 'Clear',
  confirmTitle: 'Update your profile?',
  confirmContent: 'Your personal information will be saved.',
  updateCalendar: 'Update Calendar Link',
  calendarHelp: 'The https link patients use to book you (for example your scheduling page).',
  licence: {
    add: 'Add Licence',
    edit: 'Edit',
    delete: 'Delete',
    update: 'Update',
    save: 'Save',
    discard: 'Discard',
    verified: 'Verified',
    unverified: 'Not verified',
    goodStanding: 'Good standing',
    acknowledgement: 'Acknowledgement',
    npiNumber: 'NPI Number',
    expires: 'Expires',
    deleteTitle: 'Delete the %{state} licence?',
    deleteContent: 'The licence %{licenseId} will be removed from your profile.',
    deleted: 'Licence deleted',
  },
  wip: 'In progress',
} as const;
