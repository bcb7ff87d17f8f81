import { Card, CardContent, Stack, type SxProps, type Theme } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import type { Identifier } from 'react-admin';

/** A card's own controls (its checkbox, buttons and links) do their own thing: a click on one does not open the card. */
const CONTROL = 'a, button, input, label, select, textarea, [role="button"], [role="checkbox"], [role="combobox"]';
const onControl = (event: MouseEvent<HTMLElement>) => {
  const control = event.target instanceof Element ? event.target.closest(CONTROL) : null;
  return !!control && event.currentTarget.contains(control);
};

/**
 * A list's records as one outlined card each (a list of list items): what a table shows on a phone, where its row would
 * be wider than the screen. `children` lays out one record's card content. With `onOpen`, a click anywhere on a card
 * (but on its own controls) opens its record, as a click on a table row does; the keyboard opens it with the card's
 * own link or button (its title), which `children` provides. `canOpen` leaves some records closed (masked ones).
 */
export function CardList<R extends { id: Identifier }>({
  data,
  children,
  contentSx,
  cardSx,
  onOpen,
  canOpen,
  labelledBy,
}: {
  data: readonly R[];
  children: (record: R) => ReactNode;
  contentSx?: SxProps<Theme>;
  /** A record's own look (an unread message is grey). */
  cardSx?: (record: R) => SxProps<Theme> | undefined;
  onOpen?: (record: R) => void;
  canOpen?: (record: R) => boolean;
  /** The id of the list's title. */
  labelledBy?: string;
}) {
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-labelledby={labelledBy}>
      {data.map((record) => {
        const open = onOpen && (canOpen?.(record) ?? true) ? () => onOpen(record) : undefined;
        const own = cardSx?.(record) ?? {};
        return (
          <Card
            key={record.id}
            component="li"
            variant="outlined"
            onClick={
              open &&
              ((event: MouseEvent<HTMLElement>) => {
                if (!onControl(event)) open();
              })
            }
            sx={[open ? { cursor: 'pointer', '&:hover': { borderColor: 'text.secondary' } } : {}, ...(Array.isArray(own) ? own : [own])]}
          >
            <CardContent sx={contentSx}>{children(record)}</CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}
