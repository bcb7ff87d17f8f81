export const ROW_SHORTCUT_HELP = [
  { keys: 'j / ↓, k / ↑', action: 'Lab Requests, Lab Results, Manage Lab Order: focus the next / previous row' },
  { keys: 'Enter', action: 'Open the focused row (its kit details)' },
  { keys: 'a / r / t / m', action: 'Lab Requests: Approve, Reject, Create Test Report, Assign To Me on the focused row' },
  { keys: 'm / s / n', action: 'Lab Results: Assign To Me, Send Results, Internal Notes on the focused row' },
  { keys: 'x', action: 'Manage Lab Order: select or unselect the focused row' },
  { keys: 'Enter / a', action: 'Calendar: open the focused booking / its actions' },
] as const;

export const PALETTE_TEXTS = {
  title: 'Go to',
  placeholder: 'Kit id, booking id, patient name, e-mail or phone, or a screen',
  noMatch: 'Nothing matches',
  searching: 'Searching patients…',
  kit: 'Kit %{id}',
  booking: 'Booking %{id}',
  kinds: { screen: 'Screen', kit: 'Kit', booking: 'Booking', patient: 'Patient' },
  helpTitle: 'Keyboard shortcuts',
  shortcuts: [
    { keys: 'Ctrl K / ⌘ K', action: 'Open the command palette' },
    { keys: '?', action: 'Show these shortcuts' },
    { keys: '↑ ↓, Enter', action: 'Choose in the palette and go there' },
    { keys: 'Esc', action: 'Close a dialog or the palette' },
    { keys: 'Tab / Shift Tab', action: 'Move between actions (every action is reachable by keyboard)' },
    ...ROW_SHORTCUT_HELP,
  ],
} as const;
