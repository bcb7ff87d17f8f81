import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useRef } from 'react';
import { useTranslate } from 'react-admin';
import { useBlocker } from 'react-router';
import { useWarnBeforeUnload } from '../useWarnBeforeUnload';

const L = 'message.ui.leave';

/**
 * While `active` (an unsent message is typed), leaving it asks first: a link or menu inside the portal opens
 * "Leave without sending?" (Stay / Leave; react-router's blocker), a reload or close the browser's own question.
 * `released` lets the form go without a question at once (a message just sent navigates on in the same event, before
 * this guard sees its emptied form).
 */
export const DraftLeaveGuard = ({ active, released }: { active: boolean; released?: { current: boolean } }) => {
  const translate = useTranslate();
  const activeRef = useRef(active);
  activeRef.current = active;
  useWarnBeforeUnload(active);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      activeRef.current &&
      !released?.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const blocked = blocker.state === 'blocked';
  return (
    <Dialog open={blocked} onClose={() => blocker.reset?.()} aria-labelledby="draft-leave-title">
      <DialogTitle id="draft-leave-title">{translate(`${L}.title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate(`${L}.body`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button autoFocus onClick={() => blocker.reset?.()}>
          {translate(`${L}.stay`)}
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {translate(`${L}.leave`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
