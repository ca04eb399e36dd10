import { messages } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { brand } from '../../../lib/brand';
import { json, mockApi, renderAt } from '../../../test/helpers';
import ContactPage from './contact-page';

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Full name'), 'Jamie Rivera');
  await user.type(field('Email'), 'jamie@example.com');
  await user.type(field('Phone'), '3145550123');
  await user.type(field('Message'), 'Do you treat sinus infections?');
  await user.click(screen.getByRole('checkbox', { name: messages.smsConsent }));
}

const send = () => screen.getByRole('button', { name: /Send enquiry|Sending…/ });

describe('the contact page', () => {
  it('shows customer service with the support phone, e-mail and hours, headquarters, a map and directions', () => {
    renderAt('/contact', <ContactPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    const support = screen.getByRole('heading', { name: 'Customer Service' });
    expect(support.id).toBe('support-title');
    expect(screen.getAllByRole('link', { name: brand.supportPhone })[0]?.getAttribute('href')).toBe(brand.supportPhoneHref);
    expect(screen.getAllByRole('link', { name: brand.supportEmail })[0]?.getAttribute('href')).toBe(`mailto:${brand.supportEmail}`);
    expect(screen.getByText(brand.hours)).toBeInTheDocument();
    expect(screen.getByText('Saint Louis, Missouri, USA')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Map of Missouri/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Get directions/ }).getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=Saint+Louis,+Missouri',
    );
  });

  it('shows each field error after it is touched', async () => {
    const user = userEvent.setup();
    renderAt('/contact', <ContactPage />);
    await user.type(field('Full name'), 'J');
    expect(screen.queryByText(messages.enquiryNameShort)).toBeNull();
    await user.tab();
    expect(screen.getByText(messages.enquiryNameShort)).toBeInTheDocument();
    await user.clear(field('Full name'));
    expect(screen.getByText(messages.enquiryNameRequired)).toBeInTheDocument();
    await user.type(field('Message'), 'Hi');
    await user.tab();
    expect(screen.getByText(messages.enquiryMessageShort)).toBeInTheDocument();
  });

  it('shows the phone as (000) 000-0000 and keeps ten digits', async () => {
    const user = userEvent.setup();
    renderAt('/contact', <ContactPage />);
    await user.type(field('Phone'), '31455501239999');
    expect(field('Phone').value).toBe('(314) 555-0123');
  });

  it('on a failed submit shows every message and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    const api = mockApi({});
    renderAt('/contact', <ContactPage />);
    await user.click(send());
    for (const message of [
      messages.enquiryNameRequired,
      messages.email,
      messages.phone,
      messages.enquiryMessageRequired,
      messages.smsTerms,
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(document.activeElement).toBe(field('Full name'));
    expect(api.calls).toHaveLength(0);
    await user.type(field('Full name'), 'Jamie Rivera');
    await user.click(send());
    expect(document.activeElement).toBe(field('Email'));
  });

  it('sends the enquiry, shows the server message and clears the form', async () => {
    const user = userEvent.setup();
    let release: (response: Response) => void = () => undefined;
    const api = mockApi({ 'POST /api/users/questions': () => new Promise<Response>((resolve) => (release = resolve)) });
    renderAt('/contact', <ContactPage />);
    await fillValid(user);
    await user.click(send());
    expect(send().textContent).toContain('Sending…');
    expect((send() as HTMLButtonElement).disabled).toBe(true);
    release(json(201, { message: 'Thanks Jamie, we got it.' }));
    expect(await screen.findByText('Thanks Jamie, we got it.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/questions')[0]?.body).toEqual({
      fullName: 'Jamie Rivera',
      email: 'jamie@example.com',
      phone: '3145550123',
      message: 'Do you treat sinus infections?',
      smsOptIn: true,
    });
    expect(field('Full name').value).toBe('');
    expect(field('Phone').value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: messages.smsConsent }).checked).toBe(false);
    expect(send().textContent).toContain('Send enquiry');
    // No errors on the cleared form.
    expect(screen.queryByText(messages.enquiryNameRequired)).toBeNull();
  });

  it('uses the default success message when the server gives none', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/users/questions': json(201, {}) });
    renderAt('/contact', <ContactPage />);
    await fillValid(user);
    await user.click(send());
    expect(await screen.findByText(messages.enquirySuccess)).toBeInTheDocument();
  });

  it('keeps the outcome until it is dismissed, then hands the focus to Send enquiry', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/users/questions': json(201, {}) });
    renderAt('/contact', <ContactPage />);
    await fillValid(user);
    await user.click(send());
    const outcome = await screen.findByRole('status');
    expect(outcome).toHaveTextContent(messages.enquirySuccess);
    await user.click(within(outcome).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(messages.enquirySuccess)).toBeNull();
    expect(send()).toHaveFocus();
  });

  it('reports a failure with its status and the server message, and the support hint', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/users/questions': json(500, { message: 'Mail queue is down' }) });
    renderAt('/contact', <ContactPage />);
    await fillValid(user);
    await user.click(send());
    const expected = `${messages.enquiryFailedStatus(500, 'Mail queue is down')} ${messages.enquirySupportHint(brand.supportEmail)}`;
    expect(await screen.findByText(expected)).toBeInTheDocument();
    expect(field('Full name').value).toBe('Jamie Rivera');
  });

  it('reports a failure without a server message', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/users/questions': new Response('', { status: 503 }) });
    renderAt('/contact', <ContactPage />);
    await fillValid(user);
    await user.click(send());
    const expected = `${messages.enquiryFailedStatus(503)} ${messages.enquirySupportHint(brand.supportEmail)}`;
    expect(await screen.findByText(expected)).toBeInTheDocument();
  });

  it('shows the server message when enquiries come too often (429)', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/users/questions': json(429, { message: messages.enquiryRateLimited }) });
    renderAt('/contact', <ContactPage />);
    await fillValid(user);
    await user.click(send());
    expect(await screen.findByText(messages.enquiryRateLimited)).toBeInTheDocument();
  });

  it('shows field errors the server returns', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/users/questions': json(400, { message: 'Please check the form.', errors: { email: 'That address cannot receive mail.' } }),
    });
    renderAt('/contact', <ContactPage />);
    await fillValid(user);
    await user.click(send());
    await waitFor(() => expect(screen.getByText('That address cannot receive mail.')).toBeInTheDocument());
    expect(
      screen.getByText(`${messages.enquiryFailedStatus(400, 'Please check the form.')} ${messages.enquirySupportHint(brand.supportEmail)}`),
    ).toBeInTheDocument();
  });
});
