import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Link, Typography } from '@mui/material';
import { DataTable, ListContextProvider, useList, useTranslate } from 'react-admin';
import { TABLE_BODY_MAX_HEIGHT_PX } from '../../domain/shared/constants';
import type { DashboardCard } from '../../domain/dashboard/dashboard';
import type { DashboardRow } from '../providers/dashboardMethods';
import { MaskedRowAccess } from '../shared/break-glass/MaskedRowAccess';
import { CARD_COLUMNS, cellText, maskedRowKit, rowLink } from './cardColumns';

type CardRecord = DashboardRow & { id: number };

/**
 * A card's rows on react-admin's DataTable (one server page, paged by the dialog): the columns of its row type, the
 * booking or kit link opening in a new tab (not on masked rows; a masked kit row offers Emergency access instead).
 */
export const CardTable = ({ card, rows }: { card: DashboardCard; rows: DashboardRow[] }) => {
  const translate = useTranslate();
  const columns = CARD_COLUMNS[card.source];
  const yesNo = (v: boolean) => translate(v ? 'ui.yes' : 'ui.no');
  // rows are keyed by position: masked rows hold XXXXXX as their ids
  const data: CardRecord[] = rows.map((row, i) => ({ ...row, id: i }));
  const listContext = useList<CardRecord>({ data, perPage: Math.max(data.length, 1) });
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3 }}>
        {translate('dashboard.noRecords')}
      </Typography>
    );
  }
  return (
    <ListContextProvider value={listContext}>
      <DataTable<CardRecord>
        resource="dashboard"
        storeKey={`dashboard.${card.key}`}
        bulkActionButtons={false}
        rowClick={false}
        size="small"
        stickyHeader
        aria-label={translate(`dashboard.cards.${card.key}`)}
        sx={{ '& .RaDataTable-tableWrapper': { maxHeight: TABLE_BODY_MAX_HEIGHT_PX, overflow: 'auto' } }}
      >
        {columns.map((c) => (
          <DataTable.Col<CardRecord>
            key={c}
            source={c}
            label={`dashboard.columns.${c}`}
            disableSort
            sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}
            render={(row) => {
              const text = cellText(c, row[c], yesNo);
              const maskedKit = c === 'kitId' ? maskedRowKit(card, row) : null;
              if (maskedKit)
                return (
                  <>
                    {text} <MaskedRowAccess target={{ kitId: maskedKit }} to={`/KitDetails?kitId=${encodeURIComponent(maskedKit)}`} />
                  </>
                );
              const link = rowLink(card, row);
              return link?.column === c ? (
                <Link href={link.href} target="_blank" rel="opener" title={translate('dashboard.opensInNewTab')}>
                  {text}
                  <OpenInNewIcon aria-hidden sx={{ fontSize: '0.9em', ml: 0.5, verticalAlign: 'middle' }} />
                </Link>
              ) : (
                text
              );
            }}
          />
        ))}
      </DataTable>
    </ListContextProvider>
  );
};
