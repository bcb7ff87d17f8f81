/** Portal texts of live updates (i18n catalogue `live.*`). */
export const LIVE_TEXTS = {
  /** Toast on a detail page when another user changed the record on screen. */
  updatedBy: 'Updated by %{name} just now',
  /** A failure toast of an action someone else's change overtook: the screen's failure text, and who changed what. */
  refused: '%{failure}. %{reason}',
} as const;
