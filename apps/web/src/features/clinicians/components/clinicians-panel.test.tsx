import { messages } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderSection } from '../../../test/helpers';
import { adminClinician, cliniciansApi } from '../test/fixtures';
import { CliniciansPanel } from './clinicians-panel';

const clinician = adminClinician();
const clinicianPath = `/api/admin/clinicians/${clinician.id}`;

async function card() {
  return within((await screen.findByRole('heading', { name: 'Mary Seacole, MD', level: 3 })).closest('article')!);
}

const inviteForm = () => within(screen.getByRole('form', { name: 'Invite a clinician' }));

describe('the Clinicians tab', () => {
  it('lists each clinician with credentials, NPI, states and status', async () => {
    cliniciansApi({
      'GET /api/admin/clinicians': json(200, {
        clinicians: [clinician, adminClinician({ id: 'c-2', firstName: 'Ada', lastName: 'Park', onDuty: true, credentials: 'NP' })],
      }),
    });
    renderSection(<CliniciansPanel />);
    const mary = await card();
    expect(mary.getByText(/NPI 1234567893/)).toBeInTheDocument();
    expect(mary.getByTitle('Missouri')).toHaveTextContent('MO');
    expect(mary.getByText('Off duty')).toBeInTheDocument();
    const ada = within(screen.getByRole('heading', { name: 'Ada Park, NP' }).closest('article')!);
    expect(ada.getByText('On duty')).toBeInTheDocument();
  });

  it('checks the invitation with the shared rules before sending it', async () => {
    const api = cliniciansApi();
    renderSection(<CliniciansPanel />);
    await card();
    await userEvent.click(inviteForm().getByRole('button', { name: 'Send invitation' }));
    expect(inviteForm().getByLabelText('NPI')).toHaveAccessibleDescription(expect.stringContaining(messages.npi));
    expect(inviteForm().getByText(messages.clinicianStatesRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/clinicians')).toEqual([]);
  });

  it('sends a valid invitation with the states ticked, and shows the answer', async () => {
    const api = cliniciansApi({
      'POST /api/admin/clinicians': json(201, { clinician, message: messages.clinicianInvited('new@example.com') }),
    });
    renderSection(<CliniciansPanel />);
    await card();
    const form = inviteForm();
    await userEvent.type(form.getByLabelText('First name'), 'Mary');
    await userEvent.type(form.getByLabelText('Last name'), 'Seacole');
    await userEvent.type(form.getByLabelText('Email'), 'New@Example.com');
    await userEvent.type(form.getByLabelText('NPI'), '1234567893');
    await userEvent.selectOptions(form.getByLabelText('Credentials'), 'NP');
    await userEvent.type(form.getByRole('searchbox', { name: 'Find a state' }), 'kan');
    await userEvent.click(form.getByRole('checkbox', { name: /Kansas/ }));
    await userEvent.clear(form.getByRole('searchbox', { name: 'Find a state' }));
    await userEvent.click(form.getByRole('checkbox', { name: /Alaska/ }));
    await userEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(await form.findByText(messages.clinicianInvited('new@example.com'))).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/clinicians')[0]!.body).toEqual({
      firstName: 'Mary',
      lastName: 'Seacole',
      email: 'new@example.com',
      npi: '1234567893',
      credentials: 'NP',
      states: ['AK', 'KS'],
    });
  });

  it("shows the server's refusal of a taken e-mail", async () => {
    cliniciansApi({ 'POST /api/admin/clinicians': json(409, { message: messages.clinicianEmailTaken }) });
    renderSection(<CliniciansPanel />);
    await card();
    const form = inviteForm();
    await userEvent.type(form.getByLabelText('First name'), 'Mary');
    await userEvent.type(form.getByLabelText('Last name'), 'Seacole');
    await userEvent.type(form.getByLabelText('Email'), 'taken@example.com');
    await userEvent.type(form.getByLabelText('NPI'), '1234567893');
    await userEvent.click(form.getByRole('checkbox', { name: /Missouri/ }));
    await userEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(await form.findByRole('alert')).toHaveTextContent(messages.clinicianEmailTaken);
  });

  it('disables a clinician only after the in-page confirmation', async () => {
    const api = cliniciansApi({
      [`POST ${clinicianPath}/disable`]: json(200, {
        clinician: { ...clinician, disabledAt: '2026-11-27T12:00:00.000Z' },
        message: messages.clinicianAccessOff('Mary Seacole'),
      }),
    });
    renderSection(<CliniciansPanel />);
    const mary = await card();
    await userEvent.click(mary.getByRole('button', { name: 'Disable' }));
    expect(api.callsTo('POST', `${clinicianPath}/disable`)).toEqual([]);
    expect(mary.getByText(messages.clinicianDisableConfirm('Mary Seacole'))).toBeInTheDocument();
    await userEvent.click(mary.getByRole('button', { name: 'Cancel' }));
    expect(mary.queryByText(messages.clinicianDisableConfirm('Mary Seacole'))).toBeNull();
    await userEvent.click(mary.getByRole('button', { name: 'Disable' }));
    await userEvent.click(mary.getByRole('button', { name: 'Turn access off' }));
    expect(await mary.findByText(messages.clinicianAccessOff('Mary Seacole'))).toBeInTheDocument();
    expect(api.callsTo('POST', `${clinicianPath}/disable`)).toHaveLength(1);
  });

  it('edits the states and saves them', async () => {
    const api = cliniciansApi({
      [`PATCH ${clinicianPath}`]: json(200, { clinician, message: messages.clinicianSaved('Mary Seacole') }),
    });
    renderSection(<CliniciansPanel />);
    const mary = await card();
    await userEvent.click(mary.getByRole('button', { name: 'Edit states of Mary Seacole' }));
    await userEvent.click(mary.getByRole('checkbox', { name: /Illinois/ }));
    await userEvent.click(mary.getByRole('checkbox', { name: /Texas/ }));
    await userEvent.click(mary.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', clinicianPath)).toHaveLength(1));
    expect(api.callsTo('PATCH', clinicianPath)[0]!.body).toEqual({ credentials: 'MD', states: ['MO', 'TX'] });
    expect(await mary.findByText(messages.clinicianSaved('Mary Seacole'))).toBeInTheDocument();
  });
});
