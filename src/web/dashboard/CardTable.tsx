import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TABLE_BODY_MAX_HEIGHT_PX } from '../../domain/constants';
import type { DashboardCard } from '../../domain/dashboard';
import { CARD_COLUMNS, cellText, rowLink } from './cardColumns';
import type { DashboardRow } from '../providers/dashboardMethods';

/** A card's rows: the columns of its row type, the booking or kit link opening in a new tab (not on masked rows). */
export const CardTable = ({ card, rows }: { card: DashboardCard; rows: DashboardRow[] }) => {
  const translate = useTranslate();
  const columns = CARD_COLUMNS[card.source];
  const yesNo = (v: boolean) => translate(v ? 'ui.yes' : 'ui.no');
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3 }}>
        {translate('dashboard.noRecords')}
      </Typography>
    );
  }
  return (
    <TableContainer sx={{ maxHeight: TABLE_BODY_MAX_HEIGHT_PX }}>
      <Table size="small" stickyHeader aria-label={translate(`dashboard.cards.${card.key}`)}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {translate(`dashboard.columns.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => {
            const link = rowLink(card, row);
            return (
              <TableRow key={i} hover data-masked={row.masked ? 'true' : undefined}>
                {columns.map((c) => {
                  const text = cellText(c, row[c], yesNo);
                  return (
                    <TableCell key={c} sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                      {link?.column === c ? (
                        <Link href={link.href} target="_blank" rel="opener" title={translate('dashboard.opensInNewTab')}>
                          {text}
                          <OpenInNewIcon aria-hidden sx={{ fontSize: '0.9em', ml: 0.5, verticalAlign: 'middle' }} />
                        </Link>
                      ) : (
                        text
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
