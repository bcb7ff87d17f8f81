/** The booking detail screens' import path until their branch (moving them to the dataProvider) imports ../shared. */
export { ConfirmDialog, type ConfirmDialogProps } from '../shared/ConfirmDialog';
