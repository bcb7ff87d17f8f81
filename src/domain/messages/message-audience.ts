/**
 * Who may open a secure message (spec 3 §2, §6): a patient's message is in the inbox of the clinician it is addressed
 * to, of every clinician and super admin when it went to the shared mailbox (no clinician named), and of the members
 * of its CC groups; a clinician's message is its sender's; super admins and auditors open every message. The licence
 * scope (src/domain/shared/scope.ts) applies on top. The server's message SQL (messages/repository.ts: inboxSql, visibleSql)
 * is this rule as a WHERE clause (inboxBucketSql: on the message counters' buckets, migration 0032); live updates
 * (src/domain/live/live.ts) apply it to decide who hears of a message change.
 */
export interface MessageViewer {
  sub: string;
  groups: readonly string[];
  /** Clinicians and super admins read the shared mailbox. */
  sharedMailbox: boolean;
  /** Super admins and unmasked readers (auditors) open every message. */
  seesAll: boolean;
}

/** A message's addressees, as the rule needs them. */
export interface MessageAudience {
  fromPatient: boolean;
  toClinicianId: string | null;
  senderSub: string | null;
  ccGroups: readonly string[];
}

export function mayOpenMessage(viewer: MessageViewer, m: MessageAudience): boolean {
  if (viewer.seesAll) return true;
  if (m.fromPatient) {
    return m.toClinicianId === viewer.sub || (m.toClinicianId === null && viewer.sharedMailbox) || m.ccGroups.some((g) => viewer.groups.includes(g));
  }
  return m.senderSub !== null && m.senderSub === viewer.sub;
}
