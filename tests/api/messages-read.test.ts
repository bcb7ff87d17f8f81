import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../../src/domain/shared/masking';
import { DEMO, startApi, type TestApi } from './helpers';
import { JANE_STATES, M, MARK_LEE, messageFixtures } from './messages-helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});
const fx = messageFixtures(() => api);

const list = (path: string, who: string, query = '') => api.call('GET', `${path}?${query}`, { as: who });

describe('GET /secure/message (inbox)', () => {
  it('lists only messages to the user, to the shared mailbox or CC to its groups, paged on the server with a total', async () => {
    const me = await fx.jane();
    const expected = await fx.one(
      `SELECT count(*)::int AS n FROM messages m WHERE m.from_actor_type = 'P'
      AND (m.to_clinician_id::text = $1 OR m.to_clinician_id IS NULL OR m.cc_groups && ARRAY['clinicians'])`,
      [me],
    );
    const res = await list(M, DEMO.clinician, 'page=1&perPage=20');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(expected.n);
    expect(res.body.items).toHaveLength(20);
    const second = await list(M, DEMO.clinician, 'page=2&perPage=20');
    expect(second.body.items.map((r: any) => r.id)).not.toContain(res.body.items[0].id);
    const times = res.body.items.map((r: any) => r.createdDateTime);
    expect([...times].sort().reverse()).toEqual(times);
    for (const row of res.body.items.filter((r: any) => !r.masked)) {
      expect(row.fromActorType).toBe('P');
      expect(row.toUsers.length === 0 || row.toUsers[0].userId === me || row.ccToGroupNames.includes('clinicians')).toBe(true);
    }
  });

  it('masks rows of patients outside the licence states (All States); never sorts by their values', async () => {
    const res = await list(M, DEMO.clinician, 'perPage=500&sort=subject&order=ASC');
    const masked = res.body.items.filter((r: any) => r.masked);
    expect(masked.length).toBeGreaterThan(0);
    for (const r of masked) {
      expect(r.subject).toBe(MASK);
      expect(r.from).toBe(MASK);
      expect(r.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const clear = res.body.items.filter((r: any) => !r.masked);
    expect(clear.every((r: any) => JANE_STATES.includes(r.state))).toBe(true);
    const lastClear = res.body.items.findLastIndex((r: any) => !r.masked);
    expect(res.body.items.slice(0, lastClear).some((r: any) => r.masked)).toBe(false);
  });

  it('toggles: My States, Unanswered Messages, Sent to me (server side)', async () => {
    const me = await fx.jane();
    const my = await list(M, DEMO.clinician, 'perPage=500&myStates=true');
    expect(my.body.items.length).toBeGreaterThan(0);
    expect(my.body.items.every((r: any) => !r.masked && JANE_STATES.includes(r.state))).toBe(true);
    const unanswered = await list(M, DEMO.clinician, 'perPage=500&myStates=true&unanswered=true');
    expect(unanswered.body.total).toBeLessThan(my.body.total);
    expect(unanswered.body.items.every((r: any) => r.repliedBy === null)).toBe(true);
    const toMe = await list(M, DEMO.clinician, 'perPage=500&sentToMe=true&myStates=true');
    expect(toMe.body.items.length).toBeGreaterThan(0);
    expect(toMe.body.items.every((r: any) => r.sentToMe && r.toUsers[0].userId === me)).toBe(true);
  });

  it('the audit row carries the ids of the returned messages and their in-scope patients only', async () => {
    const { res, rows } = await api.audited(() => list(M, DEMO.clinician, 'perPage=100'));
    expect(rows).toHaveLength(1);
    expect(rows[0].entity_ids).toEqual(res.body.items.map((r: any) => r.id));
    const inScope = res.body.items.filter((r: any) => !r.masked).map((r: any) => r.patientId);
    expect(new Set(rows[0].patient_ids)).toEqual(new Set(inScope));
  });

  it('400 on a bad query', async () => {
    for (const q of ['perPage=0', 'perPage=501', 'sort=content', 'order=UP', 'myStates=maybe', 'extra=1']) {
      expect((await list(M, DEMO.clinician, q)).status, q).toBe(400);
    }
  });
});

describe('message by id, read marks and scope', () => {
  it('opening from the inbox marks it read for this user only', async () => {
    const me = await fx.jane();
    const m = await fx.messageWhere(
      `m.to_clinician_id::text = $1 AND p.state = ANY($2::text[])
      AND NOT EXISTS (SELECT 1 FROM message_reads r WHERE r.message_id = m.id)`,
      [me, JANE_STATES],
    );
    const before = (await api.call('GET', `${M}/new/count`, { as: DEMO.clinician })).body.count;
    const card = async () =>
      (await api.call('GET', '/secure/dashboard/summary?stateMode=ALL&careLocation=ALL', { as: DEMO.clinician })).body.cards.find(
        (c: { key: string }) => c.key === 'unreadMessages',
      ).count as number;
    const cardBefore = await card();
    const plain = await api.call('GET', `${M}/${m.id}`, { as: DEMO.clinician });
    expect(plain.status).toBe(200);
    expect(plain.body.unread).toBe(true);
    const { res: opened, rows } = await api.audited(() => api.call('GET', `${M}/inbox/${m.id}`, { as: DEMO.clinician }));
    expect(opened.status).toBe(200);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'READ_INBOX', entity_ids: [m.id], patient_ids: [m.patient_id], outcome: 'SUCCESS' });
    expect(opened.body.unread).toBe(false);
    expect(opened.body.readBy).toBe('Jane Doe');
    expect((await api.call('GET', `${M}/new/count`, { as: DEMO.clinician })).body.count).toBe(before - 1);
    expect(await card()).toBe(cardBefore - 1); // the dashboard's Unread Messages card counts per user too
    const admin = await api.call('GET', `${M}/${m.id}`, { as: DEMO.superAdmin });
    expect(admin.body.unread).toBe(true);
    expect(opened.body.thread[0].id).toBe(m.id);
  });

  it("attack: another clinician's message (not CC to the user) is 404, by id and by inbox id", async () => {
    const m = await fx.messageWhere(`m.to_clinician_id = $1 AND m.cc_groups = '{}' AND p.state = ANY($2::text[])`, [MARK_LEE, JANE_STATES]);
    for (const path of [`${M}/${m.id}`, `${M}/inbox/${m.id}`]) {
      const res = await api.call('GET', path, { as: DEMO.clinician });
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('subject');
    }
    expect((await api.call('GET', `${M}/${m.id}`, { as: DEMO.superAdmin })).status).toBe(200);
    expect((await api.call('GET', `${M}/${m.id}`, { as: DEMO.auditor })).status).toBe(200);
    expect((await api.call('GET', `${M}/${m.id}`, { as: DEMO.staff })).status).toBe(404);
  });

  it('attack: a message about a patient outside the licence states is 404 and is not marked read', async () => {
    const m = await fx.messageWhere(`m.to_clinician_id IS NULL AND p.state IN ('TX', 'FL')`);
    const reads = () => fx.one(`SELECT count(*)::int AS n, max(read_at) AS at FROM message_reads WHERE message_id = $1`, [m.id]);
    const before = await reads();
    const res = await api.call('GET', `${M}/inbox/${m.id}`, { as: DEMO.clinician });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ msg: 'Not found', reason: 'no such message' });
    expect(await reads()).toEqual(before);
    expect((await api.call('GET', `${M}/inbox/${m.id}`, { as: DEMO.noLicence })).status).toBe(404);
  });

  it('a CC-only thread is read only with the CC reason; staff see the threads CC to their group', async () => {
    const cc = await fx.messageWhere(`m.to_clinician_id = $1 AND m.cc_groups = ARRAY['clinicians'] AND p.state = ANY($2::text[])`, [
      MARK_LEE,
      JANE_STATES,
    ]);
    const res = await api.call('GET', `${M}/${cc.id}`, { as: DEMO.clinician });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ccOnly: true, canReply: false, readOnlyReason: 'ccOnly' });
    const staffCc = await fx.messageWhere(`m.cc_groups @> ARRAY['staff']`);
    const staff = await api.call('GET', `${M}/${staffCc.id}`, { as: DEMO.staff });
    expect(staff.status).toBe(200);
    expect(staff.body).toMatchObject({ ccOnly: true, canReply: false });
    const inbox = await list(M, DEMO.staff, 'perPage=500');
    expect(inbox.body.items.every((r: any) => r.ccToGroupNames.includes('staff'))).toBe(true);
  });

  it('a super admin may reply regardless of licence; staff and auditors read only', async () => {
    const m = await fx.messageWhere(`m.to_clinician_id IS NULL AND p.state IN ('TX', 'FL') AND m.cc_groups = '{}'`);
    const admin = await api.call('GET', `${M}/${m.id}`, { as: DEMO.superAdmin });
    expect(admin.body).toMatchObject({ canReply: true, readOnlyReason: null });
    expect((await api.call('GET', `${M}/${m.id}`, { as: DEMO.auditor })).body).toMatchObject({ canReply: false, readOnlyReason: 'readOnlyRole' });
  });

  it("the patient's messages: in scope only", async () => {
    const inScope = await fx.messageWhere(`m.to_clinician_id IS NULL AND p.state = 'NV'`);
    const res = await list(`${M}/patient`, DEMO.clinician, `patientId=${inScope.patient_id}`);
    expect(res.status).toBe(200);
    expect(res.body.items.every((r: any) => r.patientId === inScope.patient_id)).toBe(true);
    const out = await fx.messageWhere(`p.state IN ('TX', 'FL')`);
    expect((await list(`${M}/patient`, DEMO.clinician, `patientId=${out.patient_id}`)).status).toBe(404);
    expect((await list(`${M}/patient`, DEMO.clinician, 'patientId=x')).status).toBe(400);
  });
});

describe('Sent and Sent - Other Clinicians', () => {
  it("sent lists the user's own messages; other clinicians only for super admin and auditor", async () => {
    const me = await fx.jane();
    const sent = await list(`${M}/sent`, DEMO.clinician, 'perPage=50&myStates=true');
    expect(sent.status).toBe(200);
    expect(sent.body.total).toBeGreaterThan(0);
    expect(sent.body.items.every((r: any) => r.fromActorType === 'C' && r.fromID === me)).toBe(true);
    for (const who of [DEMO.clinician, DEMO.staff, DEMO.ops]) expect((await list(`${M}/sent/otherClinicians`, who)).status, who).toBe(403);
    const others = await list(`${M}/sent/otherClinicians`, DEMO.auditor, 'perPage=50');
    expect(others.status).toBe(200);
    expect(others.body.total).toBeGreaterThan(0);
    const adminOthers = await list(`${M}/sent/otherClinicians`, DEMO.superAdmin, 'perPage=500');
    const adminSub = (await fx.one(`SELECT id::text FROM clinicians WHERE email = $1`, [DEMO.superAdmin])).id;
    expect(adminOthers.body.items.every((r: any) => r.fromID !== adminSub)).toBe(true);
  });
});

describe('POST /secure/message/addAnnotationToMsgs', () => {
  const annotate = (who: string, body: unknown) => api.call('POST', `${M}/addAnnotationToMsgs`, { as: who, body });

  it('sets a status with a reason on several replied messages and keeps the history', async () => {
    const me = await fx.jane();
    const ids = (
      await fx.all(
        `SELECT m.id::text FROM messages m JOIN patients p ON p.id = m.patient_id WHERE m.to_clinician_id::text = $1
      AND m.replied_at IS NOT NULL AND p.state = ANY($2::text[]) ORDER BY m.id LIMIT 2`,
        [me, JANE_STATES],
      )
    ).map((r) => r.id);
    expect(ids).toHaveLength(2);
    const first = await annotate(DEMO.clinician, { comment: 'Waiting for the lab', status: 'IN_PROGRESS', msgIds: ids.join(',') });
    expect(first.status).toBe(200);
    const { res, rows } = await api.audited(() => annotate(DEMO.clinician, { comment: 'Answered', status: 'DONE', msgIds: ids.join(',') }));
    expect(res.status).toBe(200);
    expect(rows[0].patient_ids.length).toBe(2);
    const detail = await api.call('GET', `${M}/${ids[0]}`, { as: DEMO.clinician });
    expect(detail.body).toMatchObject({ latestStatus: 'DONE', latestComment: 'Answered', latestCommentBy: 'Jane Doe' });
    expect(detail.body.annotations.slice(0, 2).map((a: any) => a.status)).toEqual(['DONE', 'IN_PROGRESS']);
  });

  it('refuses unreplied messages, a missing reason or status, out-of-scope ids and auditors; nothing is written', async () => {
    const me = await fx.jane();
    const replied = await fx.messageWhere(`m.to_clinician_id::text = $1 AND m.replied_at IS NOT NULL AND p.state = 'NV'`, [me]);
    const unreplied = await fx.messageWhere(`m.to_clinician_id::text = $1 AND m.replied_at IS NULL AND p.state = 'NV'`, [me]);
    const outOfScope = await fx.messageWhere(`m.to_clinician_id IS NULL AND m.replied_at IS NOT NULL AND p.state IN ('TX', 'FL')`);
    const before = await fx.counts();
    const cases: Array<[unknown, number, string?]> = [
      [{ comment: 'x', status: 'DONE', msgIds: `${replied.id},${unreplied.id}` }, 409],
      [{ comment: '  ', status: 'DONE', msgIds: replied.id }, 400, 'Please enter a reason'],
      [{ comment: 'x', status: 'CLOSED', msgIds: replied.id }, 400],
      [{ comment: 'x', msgIds: replied.id }, 400],
      [{ comment: 'x', status: 'DONE', msgIds: 'not-a-uuid' }, 400],
      [{ comment: 'x', status: 'DONE', msgIds: `${replied.id},${outOfScope.id}` }, 404],
    ];
    for (const [body, status, reason] of cases) {
      const res = await annotate(DEMO.clinician, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (reason) expect(res.body.reason).toContain(reason);
    }
    expect((await annotate(DEMO.auditor, { comment: 'x', status: 'DONE', msgIds: replied.id })).status).toBe(403);
    expect(await fx.counts()).toEqual(before);
  });
});
