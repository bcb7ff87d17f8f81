import { recordSubmission, type PassAdapter } from './types';

/** Local PASS: nothing leaves the machine; the pass_submissions table (with the payload) is what PASS would receive. */
export function localPass(): PassAdapter {
  return {
    provider: 'local',
    submit: (db, s) => recordSubmission(db, s, 'local', s.payload, null),
  };
}
