import { Card, CardContent, CardHeader, List, ListItem, ListItemButton, ListItemText, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BookingActionKey } from '../../domain/booking-detail/booking-actions';
import type { ActionItem } from './actionList';

/** The Select Action card: numbered actions; a disabled one shows why (helper text and tooltip). */
export const ActionList = ({ items, onPick, busy }: { items: ActionItem[]; onPick: (key: BookingActionKey) => void; busy?: boolean }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardHeader
        title={translate('bookingDetail.selectAction')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        subheader={translate('bookingDetail.ui.selectActionHelp')}
      />
      <CardContent sx={{ pt: 0 }}>
        <List dense aria-label={translate('bookingDetail.selectAction')}>
          {items.map((item) => {
            const text = translate('bookingDetail.ui.openActionLabel', { n: item.number, label: item.label });
            const row = (
              <ListItemButton disabled={!!item.refusal || busy} onClick={() => onPick(item.key)} data-action={item.key}>
                <ListItemText primary={text} secondary={item.refusal ? translate(item.refusal, { _: item.refusal }) : undefined} />
              </ListItemButton>
            );
            return (
              <ListItem key={item.key} disablePadding sx={{ display: 'block' }}>
                {item.refusal ? (
                  <Tooltip title={translate(item.refusal, { _: item.refusal })} placement="left">
                    <span>{row}</span>
                  </Tooltip>
                ) : (
                  row
                )}
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
};
