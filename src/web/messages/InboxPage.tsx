import EditIcon from '@mui/icons-material/Edit';
import InboxIcon from '@mui/icons-material/Inbox';
import RefreshIcon from '@mui/icons-material/Refresh';
import SendIcon from '@mui/icons-material/Send';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import { Badge, Box, IconButton, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Paper, Stack, Tooltip } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';
import { maySendMessages, seesOtherClinicians } from '../../domain/messages/secure-messages';
import { PageHeading } from '../layout/PageHeading';
import type { PortalDataProvider } from '../providers/dataProvider';
import { usePortalPermissions } from '../providers/permissions';
import { ComposeMessage } from './ComposeMessage';
import { MessageTable } from '../shared/messages/MessageTable';

type View = 'inbox' | 'sent' | 'others' | 'compose';
export const NEW_COUNT_KEY = ['messages', 'newCount'] as const;

const MenuItem = ({
  selected,
  icon,
  label,
  onClick,
  badge,
}: {
  selected: boolean;
  icon: ReactNode;
  label: string;
  onClick: () => void;
  badge?: number;
}) => (
  <ListItem disablePadding>
    <ListItemButton selected={selected} onClick={onClick} aria-current={selected ? 'page' : undefined}>
      <ListItemIcon>
        {badge !== undefined ? (
          <Badge color="error" badgeContent={badge} max={999}>
            {icon}
          </Badge>
        ) : (
          icon
        )}
      </ListItemIcon>
      <ListItemText primary={label} />
    </ListItemButton>
  </ListItem>
);

/**
 * My Messages (/inbox, spec 3 §2): the left menu (Inbox with the unread badge, Sent, Sent - Other Clinicians for super
 * admins and auditors, New Message, refresh) and the chosen list or the compose form. `?action=compose&pid=` opens
 * New Message for that patient (the booking detail's Messaging, the kit page's Send Secure Message).
 */
export const InboxPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { permissions } = usePortalPermissions();
  const params = new URLSearchParams(useLocation().search);
  const canSend = !!permissions && maySendMessages(permissions);
  const overseer = !!permissions && seesOtherClinicians(permissions);
  const asked = params.get('action') === 'compose' ? 'compose' : ((params.get('view') as View | null) ?? 'inbox');
  const view: View = (asked === 'others' && !overseer) || (asked === 'compose' && permissions && !canSend) ? 'inbox' : asked;
  const pid = params.get('pid');
  const count = useQuery({ queryKey: NEW_COUNT_KEY, queryFn: () => dataProvider.newMessageCount(), refetchInterval: 60_000 });
  const go = (v: View) => navigate(v === 'inbox' ? '/inbox' : `/inbox?view=${v}`);
  const reload = () => {
    refresh();
    void queryClient.invalidateQueries({ queryKey: NEW_COUNT_KEY });
  };

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 3 } }}>
      <PageHeading path="/inbox" />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper variant="outlined" component="nav" aria-label={translate('message.ui.menu.label')} sx={{ minWidth: 240 }}>
          <List dense>
            <MenuItem
              selected={view === 'inbox'}
              icon={<InboxIcon />}
              label={translate('message.ui.menu.inbox')}
              onClick={() => go('inbox')}
              badge={count.data?.count ?? 0}
            />
            <MenuItem selected={view === 'sent'} icon={<SendIcon />} label={translate('message.ui.menu.sent')} onClick={() => go('sent')} />
            {overseer && (
              <MenuItem
                selected={view === 'others'}
                icon={<SupervisorAccountIcon />}
                label={translate('message.ui.menu.others')}
                onClick={() => go('others')}
              />
            )}
            {canSend && (
              <MenuItem
                selected={view === 'compose'}
                icon={<EditIcon />}
                label={translate('message.ui.menu.compose')}
                onClick={() => go('compose')}
              />
            )}
          </List>
          <Box sx={{ px: 1, pb: 1 }}>
            <Tooltip title={translate('ra.action.refresh')}>
              <IconButton onClick={reload} aria-label={translate('ra.action.refresh')}>
                <RefreshIcon />
              </IconButton>
            </Tooltip>
          </Box>
        </Paper>
        <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
          {view === 'compose' ? <ComposeMessage patientId={pid} onSent={() => go('sent')} /> : <MessageTable key={view} kind={view} />}
        </Box>
      </Stack>
    </Stack>
  );
};

export default InboxPage;
