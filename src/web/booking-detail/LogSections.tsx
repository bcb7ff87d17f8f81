import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import type { BookingLogEntry, OutboxMail } from '../../domain/booking-detail/booking-detail';
import { LocalDataTable } from '../shared/LocalDataTable';
import { formatWhen, Section } from './parts';

/** Newest first, whatever order the answer had. */
export const newestFirst = (entries: readonly BookingLogEntry[]) => [...entries].sort((a, b) => Date.parse(b.created) - Date.parse(a.created));

/**
 * Log entries (date, time, author, text) in the booking's zone with its label, as every other time of the screen; a
 * re-assignment is headed 'Patient Re-Assigned', its text says from whom to whom.
 */
export const LogList = ({ entries, label, zone }: { entries: readonly BookingLogEntry[]; label: string; zone: string | null }) => {
  const translate = useTranslate();
  if (entries.length === 0) return <Typography variant="body2">{translate('bookingDetail.ui.noEntries')}</Typography>;
  return (
    <List dense aria-label={translate(label)}>
      {newestFirst(entries).map((e, i) => {
        const heading = e.kind === 'REASSIGNED' ? translate('bookingDetail.sections.reassigned') : null;
        return (
          <ListItem key={`${e.created}-${i}`} divider alignItems="flex-start" data-kind={e.kind}>
            <ListItemText
              primary={
                <>
                  {heading && (
                    <Typography component="span" variant="subtitle2" sx={{ display: 'block' }}>
                      {heading}
                    </Typography>
                  )}
                  {/* The server writes "From {previous} to {new}"; an entry that only repeats the heading is not shown twice. */}
                  {e.note !== heading && (
                    <Typography component="span" variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                      {e.note}
                    </Typography>
                  )}
                </>
              }
              secondary={`${formatWhen(e.created, zone)} · ${e.authorName}`}
            />
          </ListItem>
        );
      })}
    </List>
  );
};

export const LogSection = ({
  title,
  entries,
  zone,
  defaultExpanded = false,
}: {
  title: string;
  entries: readonly BookingLogEntry[];
  zone: string | null;
  defaultExpanded?: boolean;
}) => (
  <Section title={title} defaultExpanded={defaultExpanded} testId={title.split('.').pop()}>
    <LogList entries={entries} label={title} zone={zone} />
  </Section>
);

/** Sent e-mails of the booking (GET /outbox/{id}). */
export const OutboxSection = ({ mails }: { mails: readonly OutboxMail[] }) => {
  const translate = useTranslate();
  const F = 'bookingDetail.ui.fields';
  return (
    <Section title="bookingDetail.sections.outbox" defaultExpanded={false} testId="outbox">
      <LocalDataTable<OutboxMail>
        resource="booking-outbox"
        data={mails}
        aria-label={translate('bookingDetail.sections.outbox')}
        emptyText="bookingDetail.ui.noMails"
        sx={{ maxWidth: '100%', overflowX: 'auto' }}
      >
        <DataTable.Col<OutboxMail> source="sentAt" label={`${F}.sentAt`} disableSort render={(m) => formatWhen(m.sentAt)} />
        <DataTable.Col<OutboxMail> source="to" label={`${F}.to`} disableSort />
        <DataTable.Col<OutboxMail>
          source="subject"
          label={`${F}.subject`}
          disableSort
          render={(m) => `${translate(`bookingDetail.ui.mailKinds.${m.kind}`)}: ${m.subject}`}
        />
      </LocalDataTable>
    </Section>
  );
};
