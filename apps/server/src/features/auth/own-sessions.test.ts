import { messages, type OwnSession } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { insertPatient, strongPassword, useTestApp } from '../../test/harness';
import { describeDevice } from './device';

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('where a member is signed in', () => {
  const server = useTestApp();

  /** Signs the patient in from a device and an address, as the sign-in form would. */
  async function signInFrom(email: string, userAgent: string, remoteAddress: string) {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: strongPassword },
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ token: string }>().token;
  }

  async function twoDevices() {
    const { body } = await insertPatient(server.app);
    const laptop = await signInFrom(body.email, WINDOWS_CHROME, '8.8.8.8');
    const phone = await signInFrom(body.email, IPHONE_SAFARI, '127.0.0.1');
    return { laptop, phone };
  }

  const sessionsOf = async (token: string) => (await server.http.get('/api/users/me/sessions', token)).body as unknown as OwnSession[];
  const profileStatus = async (token: string) => (await server.http.get('/api/users/me', token)).status;

  it('lists each device with its browser, system and approximate place, the one asking first', async () => {
    const { laptop, phone } = await twoDevices();
    const fromPhone = await sessionsOf(phone);
    expect(fromPhone.map((s) => [s.device, s.current])).toEqual([
      ['Safari on iPhone', true],
      ['Chrome on Windows', false],
    ]);
    expect(fromPhone[0]!.place).toBeNull(); // a loopback address has no place
    expect(fromPhone[1]!.place).toMatch(/\bUS$/);
    expect((await sessionsOf(laptop))[0]).toMatchObject({ device: 'Chrome on Windows', current: true });
    expect(JSON.stringify(fromPhone)).not.toContain('8.8.8.8');
  });

  it('signs out of every other device, and the one asking stays signed in', async () => {
    const { laptop, phone } = await twoDevices();
    const answer = await server.http.post('/api/users/me/sessions/sign-out-others', {}, phone);
    expect([answer.status, answer.body.message]).toEqual([200, messages.otherSessionsEnded]);
    expect(await profileStatus(laptop)).toBe(401);
    expect(await profileStatus(phone)).toBe(200);
    expect((await sessionsOf(phone)).map((s) => s.device)).toEqual(['Safari on iPhone']);
  });

  it('signs out of one device; a session of another member, or one ended already, is 404; anonymous is 401', async () => {
    const { laptop, phone } = await twoDevices();
    const laptopSession = (await sessionsOf(laptop))[0]!.id;
    const stranger = await twoDevices();
    expect((await server.http.delete(`/api/users/me/sessions/${laptopSession}`, stranger.phone)).status).toBe(404);
    expect(await profileStatus(laptop)).toBe(200);

    expect((await server.http.delete(`/api/users/me/sessions/${laptopSession}`, phone)).status).toBe(204);
    expect(await profileStatus(laptop)).toBe(401);
    const again = await server.http.delete(`/api/users/me/sessions/${laptopSession}`, phone);
    expect([again.status, again.body.message]).toEqual([404, messages.sessionAlreadyEnded]);
    expect((await server.http.delete('/api/users/me/sessions/not-a-session', phone)).status).toBe(400);
    expect((await server.http.get('/api/users/me/sessions')).status).toBe(401);
  });
});

describe('the device a user agent names', () => {
  it.each([
    [WINDOWS_CHROME, 'Chrome on Windows'],
    [IPHONE_SAFARI, 'Safari on iPhone'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    ['curl/8.5.0', 'Unknown device'],
  ])('%s → %s', (userAgent, device) => {
    expect(describeDevice(userAgent)).toBe(device);
  });

  it('says "Unknown device" without a user agent', () => {
    expect(describeDevice(null)).toBe('Unknown device');
  });
});
