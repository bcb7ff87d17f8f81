import { LAB_TEXT } from './i18n/en/lab';

export type LabTextKey = keyof typeof LAB_TEXT;

/** The i18n key of a lab text. */
export const labKey = (key: LabTextKey) => `lab.${key}`;
