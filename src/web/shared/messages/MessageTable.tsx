import { Button, Link, Stack, ToggleButton, ToggleButtonGroup, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { DataTable, FilterLiveForm, ListBase, Pagination, useInput, useTranslate, type RaRecord } from 'react-admin';
import { ExportCsvButton } from '../lab/ExportCsvButton';
import { TABLE_BODY_MAX_HEIGHT_PX } from '../../../domain/shared/constants';
import {
  formatMessageTime,
  isSelectableForStatus,
  isSharedMailbox,
  MESSAGE_PAGE_SIZES,
  recipientsLine,
  type Message,
} from '../../../domain/messages/secure-messages';
import { MessageCards } from './MessageCards';
import { NoMessages, StatusChip, unreadGrey } from './messageLook';
import { UpdateStatusButton } from './UpdateStatusDialog';
import { openInNewTab } from '../../providers/newTab';

export { StatusChip };

export type MessageListKind = 'inbox' | 'sent' | 'others' | 'patient';
const RESOURCE: Record<MessageListKind, string> = {
  inbox: 'messages',
  sent: 'sent-messages',
  others: 'other-clinician-messages',
  patient: 'patient-messages',
};

type Row = Message & { masked?: boolean };

/** The recipients cell: the shared mailbox as the 'All' button with its tooltip, else the 50-character preview. */
export const RecipientsCell = ({ m }: { m: Row }) => {
  const translate = useTranslate();
  if (m.masked) return <>{m.toNames}</>;
  if (isSharedMailbox(m)) {
    return (
      <Tooltip describeChild title={translate('message.allRecipientsTooltip')}>
        <Button size="small" variant="outlined" onClick={(e) => e.stopPropagation()}>
          {translate('message.allRecipients')}
        </Button>
      </Tooltip>
    );
  }
  return <>{recipientsLine(m)}</>;
};

/** A pair of exclusive toggle buttons: a filter input (one boolean filter of the list) of the toggles' FilterLiveForm. */
const FilterToggle = ({ source, off, on, label }: { source: string; off: string; on: string; label: string }) => {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const value = field.value === true || field.value === 'true';
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value ? 'on' : 'off'}
      aria-label={translate(label)}
      onChange={(_, v: 'on' | 'off' | null) => v && field.onChange(v === 'on')}
    >
      <ToggleButton value="off">{translate(off)}</ToggleButton>
      <ToggleButton value="on">{translate(on)}</ToggleButton>
    </ToggleButtonGroup>
  );
};

/**
 * The inbox toggles (spec 3 §2): All States / My States; All / Unanswered; All / Sent to me. All server side, as the
 * list's filters through react-admin's FilterLiveForm (quick successive changes are merged, none is lost).
 */
const Toggles = ({ kind }: { kind: MessageListKind }) => (
  <FilterLiveForm debounce={false}>
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
      <FilterToggle source="myStates" off="message.ui.toggle.allStates" on="message.ui.toggle.myStates" label="message.ui.toggle.statesLabel" />
      {(kind === 'inbox' || kind === 'patient') && (
        <FilterToggle
          source="unanswered"
          off="message.ui.toggle.allMessages"
          on="message.ui.toggle.unanswered"
          label="message.ui.toggle.answeredLabel"
        />
      )}
      {kind === 'inbox' && (
        <FilterToggle
          source="sentToMe"
          off="message.ui.toggle.allMessages"
          on="message.ui.toggle.sentToMe"
          label="message.ui.toggle.recipientLabel"
        />
      )}
    </Stack>
  </FilterLiveForm>
);

/** Unread rows are bold and grey (spec 3 §2), the grey on each cell (see unreadGrey). */
const rowSx = (record: RaRecord) =>
  record.unread === true ? { fontWeight: 'bold', '& td': { fontWeight: 'bold', backgroundImage: unreadGrey } } : {};

export interface MessageTableProps {
  kind: MessageListKind;
  /** What a row click does; by default the message opens in a new tab (spec 3 §2). */
  onOpen?: (m: Row) => void;
  /** Fixed filters (the patient tab's patientId). */
  filter?: Record<string, unknown>;
  toolbar?: ReactNode;
}

export const messagePath = (id: string) => `/inbox/${encodeURIComponent(id)}`;
const openMessageInNewTab = (m: Row) => openInNewTab(messagePath(m.id));

/** The message table of a wider screen: a row per message, its checkbox for the bulk Update Status of an inbound list. */
const MessageRows = ({ inbound, onOpen }: { inbound: boolean; onOpen: (m: Row) => void }) => {
  const translate = useTranslate();
  const open = (_id: unknown, _resource: string, record: RaRecord) => {
    const m = record as Row;
    if (!m.masked) onOpen(m);
    return false as const;
  };
  return (
    <DataTable
      rowClick={open}
      rowSx={rowSx}
      empty={<NoMessages />}
      size="small"
      bulkActionButtons={inbound ? <UpdateStatusButton /> : false}
      isRowSelectable={(r) => isSelectableForStatus(r as Row)}
      sx={{ '& .RaDataTable-tableWrapper': { maxHeight: TABLE_BODY_MAX_HEIGHT_PX, overflow: 'auto' } }}
    >
      {inbound ? (
        <DataTable.Col source="from" label={translate('message.ui.col.sender')} />
      ) : (
        <DataTable.Col source="to" label={translate('message.ui.col.to')} />
      )}
      <DataTable.Col
        source="subject"
        label={translate('message.ui.col.subject')}
        render={(m: Row) =>
          m.masked ? (
            m.subject
          ) : (
            // A real button, so the keyboard opens a message too (Tab, Enter); the row click does the same.
            <Link
              component="button"
              type="button"
              color="inherit"
              underline="hover"
              sx={{ fontWeight: 'inherit', textAlign: 'left' }}
              onClick={(e) => {
                e.stopPropagation();
                onOpen(m);
              }}
            >
              {m.subject}
            </Link>
          )
        }
      />
      <DataTable.Col
        source="createdDateTime"
        label={translate('message.ui.col.dateTime')}
        render={(m: Row) => formatMessageTime(m.createdDateTime)}
      />
      {inbound && (
        <DataTable.Col
          source="latestStatus"
          label={translate('message.ui.col.status')}
          render={(m: Row) => (m.masked ? m.latestStatus : <StatusChip status={m.latestStatus} />)}
        />
      )}
      <DataTable.Col source="patientDob" label={translate('message.ui.col.dob')} />
      <DataTable.Col source="state" label={translate('message.ui.col.state')} />
      <DataTable.Col source="toNames" label={translate('message.ui.col.recipients')} disableSort render={(m: Row) => <RecipientsCell m={m} />} />
    </DataTable>
  );
};

/**
 * A message list (inbox, sent, other clinicians' or a patient's) on react-admin's ListBase + DataTable: server paging
 * (100 a page; 50/100/200/500), sort and toggles; masked rows (outside the licence states) cannot be opened; replied
 * messages can be selected for a bulk status update.
 */
export const MessageTable = ({ kind, onOpen = openMessageInNewTab, filter, toolbar }: MessageTableProps) => {
  const inbound = kind === 'inbox' || kind === 'patient';
  // On a phone each message is a card: a row of this table is far wider than the screen.
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  return (
    <ListBase
      resource={RESOURCE[kind]}
      perPage={100}
      sort={{ field: 'createdDateTime', order: 'DESC' }}
      filter={filter}
      filterDefaultValues={{ myStates: false }}
      disableSyncWithLocation
      storeKey={`messages.${kind}`}
    >
      {toolbar}
      <Toggles kind={kind} />
      {phone ? <MessageCards inbound={inbound} onOpen={onOpen} /> : <MessageRows inbound={inbound} onOpen={onOpen} />}
      {/* The full export (spec 3 §9): the server's CSV of every row matching the toggles, the lists' one export button. */}
      <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap">
        <ExportCsvButton filter={filter} fileName={RESOURCE[kind]} />
        <Pagination rowsPerPageOptions={[...MESSAGE_PAGE_SIZES]} />
      </Stack>
    </ListBase>
  );
};
