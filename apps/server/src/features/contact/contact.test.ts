import { messages } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { enquiries } from '../../db/schema';
import { US_ONLY_MESSAGE } from '../../plugins/us-only';
import { mailFor, useTestApp } from '../../test/harness';

const enquiry = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Jordan Lee',
  email: 'Jordan@Example.com',
  phone: '(314) 555-0199',
  message: 'Do you treat sinus infections for children?',
  smsOptIn: true,
  ...overrides,
});

describe('POST /api/users/questions', () => {
  const server = useTestApp({ SUPPORT_EMAIL: 'help@careconnect.test', TRUST_PROXY: '1', GEO_RESTRICT: 'on' });
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('stores the enquiry and e-mails it to support through the outbox', async () => {
    const res = await server.http.post(
      '/api/users/questions',
      enquiry({ customerIp: '1.1.1.1', customerCountry: 'Canada' }),
      undefined,
      from('8.8.8.8'),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: messages.enquirySuccess });
    const [row] = await server.app.ctx.db.select().from(enquiries);
    expect(row).toMatchObject({
      fullName: 'Jordan Lee',
      email: 'jordan@example.com',
      phone: '3145550199',
      customerIp: '8.8.8.8',
      customerCountry: 'US',
    });
    await server.app.ctx.mail.deliverDue();
    const [mail] = await mailFor(server.app, 'help@careconnect.test');
    expect(mail!.kind).toBe('enquiry');
    expect(mail!.text).toContain('Do you treat sinus infections for children?');
    expect(mail!.text).toContain('(314) 555-0199');
  });

  it.each([
    [{ fullName: '' }, messages.enquiryNameRequired],
    [{ fullName: 'J' }, messages.enquiryNameShort],
    [{ email: 'jordan@' }, messages.email],
    [{ phone: '555-0199' }, messages.phone],
    [{ message: '' }, messages.enquiryMessageRequired],
    [{ message: 'Hi' }, messages.enquiryMessageShort],
    [{ message: 'x'.repeat(5001) }, messages.tooLong(5000)],
    [{ smsOptIn: false }, messages.smsTerms],
    [{ smsOptIn: undefined }, messages.smsTerms],
    [{ fullName: 42 }, messages.enquiryNameRequired],
    [{ priority: 'high' }, messages.unknownField('priority')],
  ])('refuses %j with its shared message', async (change, message) => {
    const res = await server.http.post('/api/users/questions', enquiry(change), undefined, from('8.8.4.4'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses malformed JSON', async () => {
    expect((await server.http.post('/api/users/questions', '{"fullName":', undefined, from('8.8.4.4'))).status).toBe(400);
  });

  it('refuses a non-US address with 451', async () => {
    const res = await server.http.post('/api/users/questions', enquiry(), undefined, from('81.2.69.142'));
    expect(res.status).toBe(451);
    expect(res.body.message).toBe(US_ONLY_MESSAGE);
  });

  it('takes 10 enquiries per address per hour', async () => {
    for (let i = 0; i < 10; i++)
      expect((await server.http.post('/api/users/questions', enquiry(), undefined, from('24.24.24.24'))).status).toBe(201);
    const eleventh = await server.http.post('/api/users/questions', enquiry(), undefined, from('24.24.24.24'));
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toBe(messages.enquiryRateLimited);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await server.http.post('/api/users/questions', enquiry(), undefined, from('128.101.101.101'))).status).toBe(201);
  });
});
