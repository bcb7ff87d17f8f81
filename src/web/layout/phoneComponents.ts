import type { Theme } from '@mui/material/styles';

/**
 * Component styles of both themes for a phone (below MUI's `sm`, 600 px), in one place rather than per screen: the
 * page never scrolls sideways. From `sm` up nothing here applies, so the desktop layout is unchanged.
 */
const phone = (theme: Theme) => theme.breakpoints.down('sm');

/** The first cell of a table row that is not its selection box: the row's identity (a name, a subject, a kit). */
const FIRST_COLUMN = 'tr > :is(td, th):first-child:not(.MuiTableCell-paddingCheckbox), tr > .MuiTableCell-paddingCheckbox + :is(td, th)';

/**
 * Every table on a phone: its first column stays in view at the left when the table scrolls sideways in its box (over
 * the cells scrolled under it), at most 40% of the screen wide, its text wrapped.
 */
const tableOnPhone = ({ theme }: { theme: Theme }) => ({
  [phone(theme)]: {
    [`& ${FIRST_COLUMN}`]: {
      position: 'sticky',
      left: 0,
      zIndex: 1,
      maxWidth: '40vw',
      whiteSpace: 'normal',
      overflowWrap: 'break-word',
      backgroundColor: (theme.vars ?? theme).palette.background.paper,
      boxShadow: `1px 0 0 ${(theme.vars ?? theme).palette.divider}`,
    },
    [`& thead ${FIRST_COLUMN}`]: { zIndex: 3 },
  },
});

/** A react-admin DataTable on a phone scrolls sideways inside its own box (MUI's TableContainer does). */
const listTableOnPhone = ({ theme }: { theme: Theme }) => ({
  [phone(theme)]: { '& [class$="-tableWrapper"]': { overflowX: 'auto' } },
});

/** A react-admin list's content may be narrower than its table (which then scrolls in its box), not widen the page. */
const listOnPhone = ({ theme }: { theme: Theme }) => ({
  [phone(theme)]: { '& .RaList-main': { minWidth: 0 } },
});

/**
 * A dialog on a phone: a form dialog (fullWidth) takes the whole screen as MUI's `fullScreen` does; a small one (a
 * confirmation) keeps its size with narrower margins.
 */
const dialogOnPhone = ({ theme }: { theme: Theme }) => ({
  [phone(theme)]: {
    margin: theme.spacing(2),
    maxWidth: `calc(100% - ${theme.spacing(4)})`,
    '&.MuiDialog-paperFullWidth': { margin: 0, width: '100%', maxWidth: '100%', height: '100%', maxHeight: 'none', borderRadius: 0 },
  },
});

export const phoneComponents = {
  MuiTable: { styleOverrides: { root: tableOnPhone } },
  RaDataTable: { styleOverrides: { root: listTableOnPhone } },
  RaList: { styleOverrides: { root: listOnPhone } },
  MuiDialog: { styleOverrides: { paper: dialogOnPhone } },
};
