import { DASHBOARD_TEXT } from '../i18n/en/dashboard';

export type DashboardColumn = keyof typeof DASHBOARD_TEXT.columns;
