import { messages, type HealthHistory } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt, type RecordedCall } from '../../../test/helpers';
import HealthHistoryPage from './health-history-page';

const URL = '/api/users/me/health-history';
const saved: HealthHistory = {
  noKnownAllergies: false,
  allergies: ['Penicillin'],
  medications: [{ name: 'Lisinopril', dose: '10 mg once a day' }],
  conditions: [],
  surgeries: [{ name: 'Appendectomy', year: 2009 }],
  pharmacy: { name: 'Corner Pharmacy', phone: '3145550123', address: '12 Main St' },
};

function setup(
  history: HealthHistory | null,
  put: (call: RecordedCall) => Response = (call) => json(200, { history: call.body, savedAt: '2026-11-27T15:00:00.000Z' }),
) {
  const api = mockApi({
    [`GET ${URL}`]: json(200, { history, savedAt: history ? '2026-11-20T15:00:00.000Z' : null }),
    [`PUT ${URL}`]: put,
  });
  renderAt('/health-history', <HealthHistoryPage />);
  return { api, events: userEvent.setup() };
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('health history page', () => {
  it('shows the saved history in the form, with when it was saved', async () => {
    setup(saved);
    expect(await screen.findByLabelText<HTMLInputElement>('Allergy 1')).toHaveValue('Penicillin');
    expect(screen.getByRole('heading', { level: 1, name: 'Your health history' })).toBeInTheDocument();
    expect(screen.getByLabelText('Medication 1')).toHaveValue('Lisinopril');
    expect(screen.getByLabelText('Year')).toHaveValue('2009');
    expect(screen.getByLabelText('Pharmacy phone')).toHaveValue('(314) 555-0123');
    expect(screen.getByText(/^Updated Nov 20, 2026/)).toBeInTheDocument();
  });

  it('adds rows, saves the whole history as one version and stays with a success status', async () => {
    const { api, events } = setup(null);
    expect(await screen.findByText(messages.healthHistoryNotFilled)).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Add condition' }));
    expect(screen.getByLabelText('Condition 1')).toHaveFocus();
    await events.keyboard('Asthma');
    await events.click(screen.getByRole('button', { name: 'Add surgery' }));
    await events.keyboard('Tonsillectomy');
    await events.type(screen.getByLabelText('Year'), '1998');
    await events.click(screen.getByLabelText('No known allergies'));
    await events.click(saveButton());

    expect(await screen.findByText(messages.healthHistorySaved)).toBeInTheDocument();
    expect(api.callsTo('PUT', URL).map((c) => c.body)).toEqual([
      {
        noKnownAllergies: true,
        allergies: [],
        medications: [],
        conditions: ['Asthma'],
        surgeries: [{ name: 'Tonsillectomy', year: 1998 }],
        pharmacy: null,
      },
    ]);
    expect(screen.getByText(/^Updated Nov 27, 2026/)).toBeInTheDocument();
    expect(screen.getByLabelText('Condition 1')).toHaveValue('Asthma');
  });

  it('"No known allergies" clears and disables the allergy list, and unticking enables it again', async () => {
    const { events } = setup(saved);
    await screen.findByLabelText('Allergy 1');
    await events.click(screen.getByLabelText('No known allergies'));
    expect(screen.queryByLabelText('Allergy 1')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add allergy' })).toBeDisabled();
    expect(screen.getByText('No known allergies.')).toBeInTheDocument();
    await events.click(screen.getByLabelText('No known allergies'));
    await events.click(screen.getByRole('button', { name: 'Add allergy' }));
    expect(screen.getByLabelText('Allergy 1')).toHaveValue('');
  });

  it('shows the shared messages under the faulty fields, focuses the first, and sends nothing', async () => {
    const { api, events } = setup(saved);
    await screen.findByLabelText('Allergy 1');
    await events.clear(screen.getByLabelText('Medication 1'));
    await events.clear(screen.getByLabelText('Year'));
    await events.type(screen.getByLabelText('Year'), String(new Date().getFullYear() + 1));
    await events.clear(screen.getByLabelText('Pharmacy phone'));
    await events.type(screen.getByLabelText('Pharmacy phone'), '555012');
    await events.click(saveButton());

    expect(screen.getByLabelText('Medication 1')).toHaveAccessibleDescription(messages.required);
    expect(screen.getByLabelText('Medication 1')).toHaveFocus();
    expect(screen.getByLabelText('Year')).toHaveAccessibleDescription(messages.surgeryYear(1900, new Date().getFullYear()));
    expect(screen.getByLabelText('Pharmacy phone')).toHaveAccessibleDescription(messages.phone);
    expect(api.callsTo('PUT', URL)).toEqual([]);

    await events.click(screen.getByRole('button', { name: 'Remove surgery 1' }));
    await events.type(screen.getByLabelText('Medication 1'), 'Metformin');
    await events.type(screen.getByLabelText('Pharmacy phone'), '3145');
    await events.click(saveButton());
    await waitFor(() => expect(api.callsTo('PUT', URL)).toHaveLength(1));
  });

  it("shows the server's message under the field it names", async () => {
    const refuse = () => json(400, { message: messages.tooLong(200), errors: { 'allergies.0': messages.tooLong(200) } });
    const { events } = setup(saved, refuse);
    await screen.findByLabelText('Allergy 1');
    await events.click(saveButton());
    await waitFor(() => expect(screen.getByLabelText('Allergy 1')).toHaveAccessibleDescription(messages.tooLong(200)));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.tooLong(200));
  });
});
