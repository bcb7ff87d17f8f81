import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_EVENTS_PATH, type LiveEvent } from '../../src/domain/live/live';
import { forge } from './forge';
import { apiHeaders, DEMO, env, NOTIFIED } from './helpers';
import { call, startTwoInstances, stopTwoInstances, type Instance, type TwoInstances } from './instances';

/**
 * Live updates over real HTTP on two API instances: a change committed through instance A reaches the
 * event streams opened on instance B within the notification delay, only for users who may read the record (roles,
 * licence scope), carrying only resource, id, action and the changer's name.
 */
let a: Instance;
let b: Instance;
let owner: pg.Pool;

/** An open event stream: the change events received so far, and whether the server ended it. */
interface Stream {
  events: LiveEvent[];
  raw: string[];
  ended: boolean;
  headers: Headers;
  close(): void;
}

async function open(on: Instance, token: string): Promise<Stream> {
  const ctrl = new AbortController();
  const res = await fetch(`${on.url}${LIVE_EVENTS_PATH}`, {
    headers: { ...apiHeaders(LIVE_EVENTS_PATH, undefined, token), 'accept-encoding': 'gzip, br', accept: 'text/event-stream' },
    signal: ctrl.signal,
  });
  expect(res.status).toBe(200);
  const s: Stream = { events: [], raw: [], ended: false, headers: res.headers, close: () => ctrl.abort() };
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          s.raw.push(block);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (block.includes('event: change') && data) s.events.push(JSON.parse(data.slice(6)));
        }
      }
    } catch {
      /* aborted */
    }
    s.ended = true;
  })();
  return s;
}

const subOf = (email: string) => env().cognito.subs[email];
const tokenOf = (email: string, groups: string[], iat?: number) => forge({ sub: subOf(email), groups, iat });
const used = new Set<string>();
async function unassignedRequest(state: string) {
  const { rows } = await owner.query(
    `SELECT kit_id FROM lab_requests WHERE clinician_id IS NULL AND status = 'REGISTERED' AND patient_state = $1 ORDER BY kit_id LIMIT 20`,
    [state],
  );
  const kit = rows.map((r) => r.kit_id as string).find((k) => !used.has(k));
  if (!kit) throw new Error(`no unassigned lab request in ${state}`);
  used.add(kit);
  return kit;
}

let two: TwoInstances;
beforeAll(async () => {
  two = await startTwoInstances();
  ({ a, b, owner } = two);
});
afterAll(async () => {
  await stopTwoInstances(two);
});

describe('GET /secure/events', () => {
  it('a change through one instance reaches, on the other, exactly the users who may read the record', async () => {
    const admin = await tokenOf(DEMO.superAdmin, ['super_admin']);
    const streams = {
      jane: await open(b, await tokenOf(DEMO.clinician, ['clinicians'])), // licences NV, CO, CA, NY
      noLicence: await open(b, await tokenOf(DEMO.noLicence, ['clinicians'])), // licence-bound, no valid state
      staff: await open(b, await tokenOf(DEMO.staff, ['staff'])), // no clinical access
      auditor: await open(a, await tokenOf(DEMO.auditor, ['auditor_read_only'])),
    };
    const nv = await unassignedRequest('NV');
    const tx = await unassignedRequest('TX');
    expect((await call(a, 'PUT', '/secure/labRequest/assign', admin, { kitId: nv })).status).toBe(200);
    expect((await call(a, 'PUT', '/secure/labRequest/assign', admin, { kitId: tx })).status).toBe(200);
    const { rows } = await owner.query(`SELECT actor_name FROM record_history WHERE entity_id = $1`, [nv]);
    const assigned = { resource: 'lab-requests', id: nv, action: 'ASSIGN', by: rows[0].actor_name, mine: false };
    await expect.poll(() => streams.jane.events, NOTIFIED).toContainEqual(assigned);
    await expect.poll(() => streams.auditor.events.map((e) => e.id), NOTIFIED).toEqual([nv, tx]);
    // The auditor heard of both; by then any event for the others would have been sent too.
    await new Promise((r) => setTimeout(r, 100));
    expect(streams.jane.events.map((e) => e.id)).toEqual([nv]); // never the TX patient's request
    expect(streams.noLicence.events).toEqual([]);
    expect(streams.staff.events).toEqual([]);
    // Only the record's name and the change: never patient data.
    expect(Object.keys(streams.jane.events[0]).sort()).toEqual(['action', 'by', 'id', 'mine', 'resource']);
    expect(streams.auditor.events.every((e) => !e.mine)).toBe(true);
    for (const s of Object.values(streams)) s.close();
  });

  it("a message change reaches only users who may open the message: never a clinician outside the patient's states", async () => {
    const admin = await tokenOf(DEMO.superAdmin, ['super_admin']);
    const streams = {
      jane: await open(b, await tokenOf(DEMO.clinician, ['clinicians'])), // NV, CO, CA, NY (TX expired)
      samuel: await open(b, await tokenOf(DEMO.noLicence, ['clinicians'])), // shared mailbox, no valid state
      priya: await open(b, await tokenOf(DEMO.noCalendar, ['clinicians'])), // CO only
      staff: await open(b, await tokenOf(DEMO.staff, ['staff'])), // not an addressee of patients' messages
      auditor: await open(b, await tokenOf(DEMO.auditor, ['auditor_read_only'])), // opens every message
      admin: await open(b, admin),
    };
    const unreadByAdmin = (where: string) =>
      owner
        .query<{ id: string }>(
          `SELECT m.id::text FROM messages m JOIN patients p ON p.id = m.patient_id
      WHERE m.from_actor_type = 'P' AND m.parent_id IS NULL AND m.cc_groups = '{}' AND ${where}
        AND NOT EXISTS (SELECT 1 FROM message_reads r WHERE r.message_id = m.id AND r.user_sub = $1) ORDER BY m.created_at DESC, m.id LIMIT 1`,
          [subOf(DEMO.superAdmin)],
        )
        .then((r) => r.rows[0].id);
    // The attack: a shared-mailbox message of a TX patient (a state where Jane's licence expired), read by the admin.
    const tx = await unreadByAdmin(`m.to_clinician_id IS NULL AND p.state = 'TX'`);
    const nvShared = await unreadByAdmin(`m.to_clinician_id IS NULL AND p.state = 'NV'`);
    const toJane = (
      await owner.query<{ id: string }>(
        `SELECT m.id::text FROM messages m JOIN patients p ON p.id = m.patient_id
      WHERE m.from_actor_type = 'P' AND m.parent_id IS NULL AND m.cc_groups = '{}' AND m.replied_at IS NULL AND p.state = 'NV'
        AND m.to_clinician_id = (SELECT id FROM clinicians WHERE email = $1) ORDER BY m.created_at DESC, m.id LIMIT 1`,
        [DEMO.clinician],
      )
    ).rows[0].id;
    expect((await call(a, 'GET', `/secure/message/inbox/${tx}`, admin)).status).toBe(200);
    expect((await call(a, 'GET', `/secure/message/inbox/${nvShared}`, admin)).status).toBe(200);
    const reply = await call(a, 'POST', `/secure/message/reply/${toJane}`, await tokenOf(DEMO.clinician, ['clinicians']), {
      base64Message: Buffer.from('<p>Answered</p>').toString('base64'),
      attachmentUrls: [],
    });
    expect(reply.status).toBe(201);
    // Events of one commit are authorised concurrently: their order is not promised.
    const ids = (s: Stream) => s.events.map((e) => e.id).sort();
    const of = (s: Stream, id: string) => s.events.find((e) => e.id === id);
    const all = [tx, nvShared, toJane, reply.body.id].sort();
    await expect.poll(() => ids(streams.auditor), NOTIFIED).toEqual(all);
    await expect.poll(() => ids(streams.admin), NOTIFIED).toEqual(all);
    await new Promise((r) => setTimeout(r, 100));
    expect(of(streams.auditor, tx)).toEqual({ resource: 'messages', id: tx, action: 'READ', by: expect.any(String), mine: false });
    expect(ids(streams.jane)).toEqual([nvShared, toJane, reply.body.id].sort()); // never the TX patient's message
    expect([of(streams.jane, nvShared)?.mine, of(streams.jane, toJane)?.mine, of(streams.jane, reply.body.id)?.mine]).toEqual([false, true, true]);
    expect([of(streams.admin, tx)?.mine, of(streams.admin, nvShared)?.mine, of(streams.admin, toJane)?.mine]).toEqual([true, true, false]);
    expect(streams.samuel.events).toEqual([]);
    expect(streams.priya.events).toEqual([]);
    expect(streams.staff.events).toEqual([]);
    for (const s of Object.values(streams)) s.close();
  });

  it('is an uncompressed event stream, audited once when it opens (not per event)', async () => {
    const sub = subOf(DEMO.clinician);
    const before = (await owner.query(`SELECT count(*)::int AS n FROM audit_log WHERE actor_sub = $1 AND action = 'SUBSCRIBE'`, [sub])).rows[0].n;
    const s = await open(a, await tokenOf(DEMO.clinician, ['clinicians']));
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('content-encoding')).toBeNull();
    expect(s.headers.get('cache-control')).toBe('no-store');
    const admin = await tokenOf(DEMO.superAdmin, ['super_admin']);
    expect((await call(b, 'PUT', '/secure/labRequest/assign', admin, { kitId: await unassignedRequest('NV') })).status).toBe(200);
    await expect.poll(() => s.events.length, NOTIFIED).toBe(1);
    const after = await owner.query(`SELECT count(*)::int AS n, max(entity_type) AS t FROM audit_log WHERE actor_sub = $1 AND action = 'SUBSCRIBE'`, [
      sub,
    ]);
    expect(after.rows[0]).toEqual({ n: before + 1, t: 'live_events' });
    s.close();
  });

  it("a sign-out on one instance ends the user's streams on the other; the revoked token is refused", async () => {
    const token = await tokenOf(DEMO.ops, ['operation_support'], Math.floor(Date.now() / 1000) - 30);
    const s = await open(b, token);
    expect((await call(a, 'POST', '/secure/account/signOut', token)).status).toBe(200);
    await expect.poll(() => s.ended, NOTIFIED).toBe(true);
    const again = await fetch(`${b.url}${LIVE_EVENTS_PATH}`, { headers: apiHeaders(LIVE_EVENTS_PATH, undefined, token) });
    expect(again.status).toBe(401);
  });

  it('at most five streams per user: a sixth ends the oldest', async () => {
    const token = await tokenOf(DEMO.auditor, ['auditor_read_only']);
    const six: Stream[] = [];
    for (let i = 0; i < 6; i++) six.push(await open(a, token));
    await expect.poll(() => six.map((s) => s.ended), NOTIFIED).toEqual([true, false, false, false, false, false]);
    six.forEach((s) => s.close());
  });

  it('without a token, or as a user in no portal group: refused before any stream opens', async () => {
    expect((await fetch(`${a.url}${LIVE_EVENTS_PATH}`, { headers: apiHeaders(LIVE_EVENTS_PATH, undefined) })).status).toBe(401);
    const none = await forge({ sub: subOf(DEMO.pending), groups: [] });
    expect((await call(a, 'GET', LIVE_EVENTS_PATH, none)).status).toBe(403);
  });

  it("an action someone else's change overtook is refused with who changed it (409)", async () => {
    const admin = await tokenOf(DEMO.superAdmin, ['super_admin']);
    const jane = await tokenOf(DEMO.clinician, ['clinicians']);
    const kit = await unassignedRequest('NV');
    expect((await call(a, 'PUT', '/secure/labRequest/assign', admin, { kitId: kit })).status).toBe(200);
    const by = (await owner.query(`SELECT actor_name FROM record_history WHERE entity_id = $1`, [kit])).rows[0].actor_name;
    expect(by).toBeTruthy();
    // Jane still sees it unassigned and takes it: refused, naming the colleague who assigned it meanwhile.
    const taken = await call(b, 'PUT', '/secure/labRequest/assign', jane, { kitId: kit });
    expect(taken).toEqual({
      status: 409,
      body: { msg: 'Conflict', reason: `assigned to another clinician; re-assignment needs a reason; changed by ${by} (ASSIGN)` },
    });
    // Approved in one tab, then Reject (or Approve) from a screen that still shows it REGISTERED.
    expect((await call(a, 'PUT', '/secure/labRequest/approve', admin, { kitId: kit })).status).toBe(200);
    const stale = await call(b, 'PUT', '/secure/labRequest/approve', admin, { kitId: kit });
    expect(stale.status).toBe(409);
    expect(stale.body.reason).toMatch(new RegExp(`^lab request is \\w+; approve needs .+; changed by ${by} \\(APPROVE\\)$`));
  });

  it("booking and kit actions overtaken by someone else's change are refused naming who changed it and how (409)", async () => {
    const staff = await tokenOf(DEMO.staff, ['staff']);
    const jane = await tokenOf(DEMO.clinician, ['clinicians']);
    const admin = await tokenOf(DEMO.superAdmin, ['super_admin']);
    const {
      rows: [pending, soon, open],
    } = await owner.query<{ id: string }>(`SELECT b.id FROM bookings b JOIN patients p ON p.id = b.patient_id
      WHERE p.state = 'NV' AND b.id LIKE 'BK0%' ORDER BY b.id DESC LIMIT 3`);
    await owner.query(
      `UPDATE bookings SET status = 'BOOKED_PENDING_CONFIRMATION', clinician_id = NULL, start_at = now() + interval '10 minutes',
      end_at = now() + interval '40 minutes' WHERE id = ANY($1)`,
      [[pending.id, soon.id, open.id]],
    );
    const lastBy = async (id: string) =>
      (await owner.query(`SELECT actor_name FROM record_history WHERE entity_id = $1 ORDER BY id DESC LIMIT 1`, [id])).rows[0].actor_name;
    const B = '/secure/booking/v1';

    // Confirmed by the staff member on one instance; Jane's screen still says pending.
    expect((await call(a, 'PATCH', `${B}/markConfirmed/${pending.id}`, staff, { reasonOrComments: 'Called' })).status).toBe(200);
    const text = 'Booking is not in pending confirmation status';
    expect(await call(b, 'PATCH', `${B}/markConfirmed/${pending.id}`, jane, { reasonOrComments: 'Called too' })).toEqual({
      status: 409,
      body: { msg: text, reason: `${text}; changed by ${await lastBy(pending.id)} (CONFIRM)` },
    });
    // Cancelled meanwhile.
    expect((await call(a, 'DELETE', `${B}/cancel/${soon.id}`, staff, { reasonOrComments: 'Patient called', isNoShow: false })).status).toBe(200);
    const cancelled = await call(b, 'DELETE', `${B}/cancel/${soon.id}`, jane, { reasonOrComments: 'x', isNoShow: true });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.reason).toBe(`${cancelled.body.msg}; changed by ${await lastBy(soon.id)} (CANCEL)`);
    // The calendar's status update of the same booking, from a screen that still shows it pending.
    const status = await call(b, 'PATCH', `${B}/updateStatus/${soon.id}`, jane, { bookingStatus: 'BOOKED_CONFIRMED', reasonOrComments: 'x' });
    expect(status.status).toBe(409);
    expect(status.body.reason).toBe(`${status.body.msg}; changed by ${await lastBy(soon.id)} (CANCEL)`);
    // Assigned to another clinician while Jane saw it unassigned.
    expect((await call(a, 'PATCH', `${B}/assignToMe/${open.id}`, admin, { expectedClinicianId: null })).status).toBe(200);
    const taken = await call(b, 'PATCH', `${B}/assignToMe/${open.id}`, jane, { expectedClinicianId: null });
    expect(taken.body).toEqual({
      msg: 'the booking was assigned to another clinician meanwhile',
      reason: `the booking was assigned to another clinician meanwhile; changed by ${await lastBy(open.id)} (ASSIGN)`,
    });

    // A kit approved in one screen, approved again from another that still shows it collected.
    const {
      rows: [kit],
    } = await owner.query<{ kit_id: string }>(`SELECT kit_id FROM kits WHERE status = 'SAMPLE_COLLECTED_PENDING_REVIEW'
      AND care_location = 'DENVER_CAREHUB_01' AND patient_state = 'NV' ORDER BY kit_id DESC LIMIT 1`);
    expect((await call(a, 'PATCH', '/secure/kit/approveLabOrderSamples', staff, { kitIds: kit.kit_id, comment: 'ok' })).status).toBe(200);
    const stale = await call(b, 'PATCH', '/secure/kit/approveLabOrderSamples', admin, { kitIds: kit.kit_id, comment: 'ok' });
    expect(stale.status).toBe(409);
    const action = (await owner.query(`SELECT action FROM record_history WHERE entity_id = $1 ORDER BY id DESC LIMIT 1`, [kit.kit_id])).rows[0]
      .action;
    expect(stale.body.reason).toContain(
      `${kit.kit_id} is SAMPLE_APPROVED_PENDING_SHIPMENT_MANIFEST (changed by ${await lastBy(kit.kit_id)} (${action}))`,
    );
  });
});
