import type { PatientVisit } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../../test/event-stream-client';
import { signedInClinician, signedInMember, useTestApp, visitRequestBody } from '../../test/harness';

const server = useTestApp();
let base = '';
beforeAll(async () => {
  // A listening server: inject would wait for the whole answer of a stream that never ends.
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
});

describe('live visit pages', () => {
  it("sends the patient's waiting room the visit at once and again when a clinician claims it, and the queue its new request", async () => {
    const clinician = await signedInClinician(server.app, { states: ['MO'] });
    const queue = await openStream(`${base}/api/clinic/queue/events`, clinician.token);
    expect(queue.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const before = (await queue.next())!.data as { requests: { id: string }[] };

    const member = await signedInMember(server.app);
    const id = ((await server.http.post('/api/visits', visitRequestBody(), member.token)).body.visit as { id: string }).id;
    const withRequest = (await queue.next())!.data as { requests: { id: string }[] };
    expect(withRequest.requests.map((r) => r.id)).toEqual([...before.requests.map((r) => r.id), id]);

    const room = await openStream(`${base}/api/visits/${id}/events`, member.token);
    const first = await room.next();
    expect(first).toMatchObject({ event: 'visit', data: { id, status: 'waiting', queue: { position: expect.any(Number) } } });

    await server.http.post(`/api/clinic/visits/${id}/claim`, {}, clinician.token);
    const claimed = (await room.next())!.data as PatientVisit;
    expect(claimed).toMatchObject({ status: 'claimed', clinician: { name: 'Dr. Grace Hopper, MD' } });
    room.abort();
    queue.abort();
  });

  it('moves every waiting room of a state up one place when the oldest request is claimed, and leaves other states alone', async () => {
    const clinician = await signedInClinician(server.app, { states: ['KS', 'NE'] });
    const request = async (state: string) => {
      const member = await signedInMember(server.app);
      const id = ((await server.http.post('/api/visits', visitRequestBody({ state }), member.token)).body.visit as { id: string }).id;
      return { id, token: member.token };
    };
    const openRoom = async ({ id, token }: { id: string; token: string }) => {
      const room = await openStream(`${base}/api/visits/${id}/events`, token);
      const { queue } = (await room.next())!.data as PatientVisit;
      return { id, token, room, position: queue!.position };
    };
    // Every request is made before any room opens, so that no room has an earlier change still to tell.
    const requests = [await request('KS'), await request('KS'), await request('KS'), await request('NE')] as const;
    const [oldest, second, third, elsewhere] = await Promise.all([
      openRoom(requests[0]),
      openRoom(requests[1]),
      openRoom(requests[2]),
      openRoom(requests[3]),
    ]);
    expect([second.position, third.position]).toEqual([oldest.position + 1, oldest.position + 2]);

    await server.http.post(`/api/clinic/visits/${oldest.id}/claim`, {}, clinician.token);
    expect(((await oldest.room.next())!.data as PatientVisit).status).toBe('claimed');
    for (const { room, position } of [second, third]) {
      expect(((await room.next())!.data as PatientVisit).queue?.position).toBe(position - 1);
    }
    // A claim in Kansas is no event of Nebraska's queue: the next frame there is its own change.
    await server.http.post(`/api/visits/${elsewhere.id}/cancel`, {}, elsewhere.token);
    expect(((await elsewhere.room.next())!.data as PatientVisit).status).toBe('cancelled');
    for (const { room } of [oldest, second, third, elsewhere]) room.abort();
  });

  it("answers another patient's visit stream with 404 before any stream opens", async () => {
    const owner = await signedInMember(server.app);
    await signedInClinician(server.app, { states: ['MO'] });
    const id = ((await server.http.post('/api/visits', visitRequestBody(), owner.token)).body.visit as { id: string }).id;
    const other = await signedInMember(server.app);
    const res = await fetch(`${base}/api/visits/${id}/events`, { headers: { authorization: `Bearer ${other.token}` } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });
});
