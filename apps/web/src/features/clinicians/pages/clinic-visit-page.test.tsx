import { messages } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../test/helpers';
import { clinicianVisit, sse } from '../test/clinic-fixtures';
import ClinicVisitPage from './clinic-visit-page';

const visit = clinicianVisit({ status: 'in_visit', startedAt: '2026-11-27T15:10:00.000Z' });
const path = `/api/clinic/visits/${visit.id}`;
const openAt = () => renderAt(`/clinic/visits/${visit.id}`, <ClinicVisitPage />, { routePath: '/clinic/visits/:visitId' });
const quietStream = { [`GET ${path}/events`]: () => new Response(null, { status: 404 }) };

beforeEach(() => {
  window.sessionStorage.setItem('authToken', 'token');
  window.sessionStorage.setItem('authUser', JSON.stringify({ email: 'mary@example.com', verified: true, roles: ['ROLE_CLINICIAN'] }));
});

describe('the visit workspace', () => {
  it('shows the patient, the request and the history as it was', async () => {
    mockApi({ [`GET ${path}`]: json(200, { visit: clinicianVisit() }), ...quietStream });
    openAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'Avery Member' })).toBeInTheDocument();
    const patient = screen.getByRole('region', { name: 'Patient' });
    expect(patient).toHaveTextContent('36 years');
    expect(patient).toHaveTextContent('04/12/1990');
    expect(within(patient).getByRole('link', { name: '(314) 555-0100' })).toHaveAttribute('href', 'tel:+13145550100');
    expect(screen.getByRole('region', { name: 'Request' })).toHaveTextContent('Fever of 101°F since yesterday');
    const history = screen.getByRole('region', { name: 'Health history' });
    expect(history).toHaveTextContent('Penicillin');
    expect(history).toHaveTextContent('Lisinopril 10 mg');
    expect(history).toHaveTextContent('Market Street Pharmacy');
    expect(screen.getByRole('button', { name: 'Start visit' })).toBeInTheDocument();
  });

  it('asks for a reason in the page before handing the request back', async () => {
    const api = mockApi({
      [`GET ${path}`]: json(200, { visit: clinicianVisit() }),
      [`POST ${path}/release`]: new Response(null, { status: 204 }),
      ...quietStream,
    });
    const { router } = openAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Hand back to queue' }));
    const form = screen.getByRole('form', { name: 'Hand back to queue' });
    await userEvent.click(within(form).getByRole('button', { name: 'Hand back to queue' }));
    expect(await within(form).findByText(messages.releaseReasonRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', `${path}/release`)).toHaveLength(0);
    await userEvent.type(within(form).getByLabelText(/Why are you handing/), 'Outside my scope');
    await userEvent.click(within(form).getByRole('button', { name: 'Hand back to queue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clinic'));
    expect(api.callsTo('POST', `${path}/release`)[0]!.body).toEqual({ reason: 'Outside my scope' });
  });

  it("refuses a prescription without a drug with the server's message, and shows the server's own per-field messages", async () => {
    const api = mockApi({
      [`GET ${path}`]: json(200, { visit }),
      [`PUT ${path}/note`]: json(400, {
        message: 'Please check the highlighted fields.',
        errors: { 'prescriptions.0.quantity': 'Server says no.' },
      }),
      ...quietStream,
    });
    openAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Add prescription' }));
    const line = screen.getByRole('group', { name: 'Prescription 1' });
    await userEvent.type(within(line).getByLabelText('Strength'), '500 mg');
    await userEvent.type(within(line).getByLabelText('Directions'), 'One tablet every 6 hours');
    await userEvent.type(within(line).getByLabelText('Quantity'), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const drug = within(line).getByLabelText('Drug');
    expect(drug).toHaveAccessibleDescription(messages.required);
    expect(drug).toHaveFocus();
    expect(api.callsTo('PUT', `${path}/note`)).toHaveLength(0);

    await userEvent.type(drug, 'Acetaminophen');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(within(line).getByLabelText('Quantity')).toHaveAccessibleDescription('Server says no.'));
    expect(api.callsTo('PUT', `${path}/note`)[0]!.body).toMatchObject({
      prescriptions: [{ drug: 'Acetaminophen', strength: '500 mg', directions: 'One tablet every 6 hours', quantity: '20', refills: 0 }],
    });
  });

  it('signs only after the in-page confirmation, then shows the note read-only with its addenda', async () => {
    const note = {
      subjective: 'Fever since yesterday',
      objective: '',
      assessment: 'Viral illness',
      plan: 'Rest and fluids',
      followUp: '',
      prescriptions: [],
    };
    const signed = {
      ...visit,
      status: 'completed' as const,
      note,
      signedAt: '2026-11-27T15:30:00.000Z',
      endedAt: '2026-11-27T15:30:00.000Z',
    };
    const amended = {
      ...signed,
      addenda: [{ text: 'Patient called back: better.', author: 'Mary Seacole, MD', addedAt: '2026-11-27T17:00:00.000Z' }],
    };
    const api = mockApi({
      [`GET ${path}`]: json(200, { visit }),
      [`POST ${path}/sign`]: json(200, { visit: signed }),
      [`POST ${path}/addenda`]: json(200, { visit: amended }),
      ...quietStream,
    });
    openAt();
    await userEvent.type(await screen.findByLabelText('Subjective'), 'Fever since yesterday');
    await userEvent.type(screen.getByLabelText('Assessment'), 'Viral illness');
    await userEvent.type(screen.getByLabelText('Plan'), 'Rest and fluids');
    await userEvent.click(screen.getByRole('button', { name: 'Sign and close' }));
    const confirm = screen.getByRole('alert');
    expect(confirm).toHaveTextContent('A signed note cannot be changed');
    expect(api.callsTo('POST', `${path}/sign`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign and close the visit' }));

    expect(await screen.findByText(/^Signed .+ CT$/)).toBeInTheDocument();
    expect(api.callsTo('POST', `${path}/sign`)[0]!.body).toEqual(note);
    expect(screen.queryByRole('textbox', { name: 'Assessment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign and close' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Signed note' })).toHaveTextContent('Viral illness');

    await userEvent.type(screen.getByRole('textbox', { name: 'Add addendum' }), 'Patient called back: better.');
    await userEvent.click(screen.getByRole('button', { name: 'Add addendum' }));
    const addenda = await screen.findByRole('region', { name: 'Addenda' });
    expect(addenda).toHaveTextContent('Mary Seacole, MD');
    expect(addenda).toHaveTextContent('Patient called back: better.');
    expect(api.callsTo('POST', `${path}/addenda`)[0]!.body).toEqual({ text: 'Patient called back: better.' });
  });

  it("shows the patient's cancellation as soon as the visit's event stream says so", async () => {
    mockApi({
      [`GET ${path}`]: json(200, { visit }),
      [`GET ${path}/events`]: () => sse('visit', { ...visit, status: 'cancelled', cancelledBy: 'patient' }),
    });
    openAt();
    expect(await screen.findByText('The patient cancelled this request')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign and close' })).toBeNull();
  });
});
