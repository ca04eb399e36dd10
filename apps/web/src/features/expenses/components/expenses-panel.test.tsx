import { messages } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderSection, type RecordedCall } from '../../../test/helpers';
import { expense, expensePage, expensesApi } from '../test/fixtures';
import { ExpensesPanel } from './expenses-panel';

const query = (call: RecordedCall) => Object.fromEntries(new URL(call.path, 'http://x').searchParams);
const saved = expense();
const savedPath = `/api/admin/expenses/${saved.id}`;

/** The browser's upload to the returned address: XMLHttpRequest, answered as `FakeUpload.answer` says. */
class FakeUpload {
  static answer: number | 'network-error' = 204;
  static answerBody = '';
  static sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private request = { method: '', url: '', headers: {} as Record<string, string> };
  open(method: string, url: string) {
    this.request = { ...this.request, method, url };
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }
  send(body: unknown) {
    FakeUpload.sent.push({ ...this.request, body });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      if (FakeUpload.answer === 'network-error') return this.onerror?.();
      this.status = FakeUpload.answer;
      this.responseText = FakeUpload.answerBody;
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  FakeUpload.answer = 204;
  FakeUpload.answerBody = '';
  FakeUpload.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function setup(handlers: Parameters<typeof expensesApi>[0] = {}) {
  const api = expensesApi({ 'GET /api/admin/expenses': json(200, expensePage([saved])), ...handlers });
  renderSection(<ExpensesPanel />);
  await screen.findByRole('region', { name: 'Expenses' });
  return api;
}

const expensesCard = () => screen.getByRole('region', { name: 'Expenses' });

async function openExpense(name: string) {
  const card = (await screen.findByRole('heading', { name, level: 3 })).closest('article')!;
  const toggle = within(card).queryByRole('button', { name: 'View Details' });
  if (toggle) await userEvent.click(toggle);
  return within(card);
}

describe('the Expenses tab', () => {
  it("shows the page's count and totals, the filtered totals, and cards with '(Untitled)', amounts and currency", async () => {
    await setup({
      'GET /api/admin/expenses': json(
        200,
        expensePage([
          saved,
          expense({
            id: '0b9f6f1e-6c1a-4f0e-9a57-5d0c1c1e0002',
            title: '',
            description: '',
            originalCurrency: 'USD',
            originalAmount: 0.1,
            amountUsd: 0.1,
            amountInr: 8.3,
          }),
        ]),
      ),
    });
    await screen.findByRole('heading', { name: 'Clinic rent' });
    const counts = Object.fromEntries(
      within(expensesCard())
        .getAllByRole('term')
        .slice(0, 6)
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(counts).toEqual({
      'On this page': '2',
      'Total USD (page)': '$100.10',
      'Total INR (page)': '₹8,308.30',
      'Matching expenses': '2',
      'Total USD (all matching)': '$1,234.50',
      'Total INR (all matching)': '₹1,02,463.50',
    });
    const untitled = screen.getByRole('heading', { name: messages.untitledExpense }).closest('article')!;
    expect(within(untitled).getByText('$0.10')).toBeInTheDocument();
    expect(within(untitled).getByText('USD', { selector: '.tag' })).toBeInTheDocument();
    expect(screen.getByText('November')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it("says 'No expenses found.' for an empty page, and 'Failed to load expenses.' when the server says nothing", async () => {
    await setup({ 'GET /api/admin/expenses': json(200, expensePage([], { usd: 0, inr: 0 })) });
    expect(await screen.findByText(messages.noExpensesFound)).toBeInTheDocument();
  });

  it('shows the load error in the section', async () => {
    await setup({ 'GET /api/admin/expenses': new Response(null, { status: 500 }) });
    expect(await within(expensesCard()).findByText(messages.expensesLoadFailed)).toBeInTheDocument();
  });

  it('filters by dates, currency and author, leaving out empty values; refuses an end before the start; Reset clears', async () => {
    const api = await setup({ 'GET /api/admin/expenses': (call) => json(200, expensePage(query(call).currency ? [] : [saved])) });
    await screen.findByRole('heading', { name: 'Clinic rent' });
    const filters = within(screen.getByRole('form', { name: 'Filter expenses' }));
    fireEvent.change(filters.getByLabelText('Start date'), { target: { value: '2026-03-10' } });
    fireEvent.change(filters.getByLabelText('End date'), { target: { value: '2026-03-01' } });
    await userEvent.click(filters.getByRole('button', { name: 'Filter' }));
    expect(await filters.findByText(messages.expenseDateRangeInvalid)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/expenses')).toHaveLength(1);

    fireEvent.change(filters.getByLabelText('End date'), { target: { value: '2026-03-31' } });
    await userEvent.selectOptions(filters.getByRole('combobox', { name: 'Currency' }), 'INR');
    await userEvent.type(filters.getByRole('searchbox', { name: 'Created by' }), '  boss@ ');
    await userEvent.click(filters.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText(messages.noExpensesFound)).toBeInTheDocument();
    expect(query(api.callsTo('GET', '/api/admin/expenses')[1]!)).toEqual({
      page: '0',
      size: '10',
      startDate: '2026-03-10',
      endDate: '2026-03-31',
      currency: 'INR',
      createdBy: 'boss@',
    });

    await userEvent.click(filters.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByRole('heading', { name: 'Clinic rent' })).toBeInTheDocument();
    expect(filters.getByLabelText<HTMLInputElement>('Start date').value).toBe('');
    expect(filters.getByRole<HTMLSelectElement>('combobox', { name: 'Currency' }).value).toBe('');
  });

  it('filters to a quick range in one press, keeping the other filters', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T03:00:00Z') });
    const api = await setup();
    await screen.findByRole('heading', { name: 'Clinic rent' });
    const filters = within(screen.getByRole('form', { name: 'Filter expenses' }));
    await userEvent.selectOptions(filters.getByRole('combobox', { name: 'Currency' }), 'USD');
    await userEvent.click(filters.getByRole('button', { name: 'Last month' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/expenses')).toHaveLength(2));
    expect(query(api.callsTo('GET', '/api/admin/expenses')[1]!)).toEqual({
      page: '0',
      size: '10',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      currency: 'USD',
    });
    expect(filters.getByLabelText('Start date')).toHaveValue('2026-10-01');
    expect(filters.getByRole('button', { name: 'Last month' })).toHaveAttribute('aria-pressed', 'true');
    // This month runs to today in Chicago: 03:00 UTC on the 22nd is still the 21st.
    await userEvent.click(filters.getByRole('button', { name: 'This month' }));
    await waitFor(() =>
      expect(query(api.callsTo('GET', '/api/admin/expenses').at(-1)!)).toMatchObject({ startDate: '2026-11-01', endDate: '2026-11-21' }),
    );
  });

  it('adds a new expense at the top, open and dirty, and saves it with the spent date as the start of that day in US Central time and no file fields', async () => {
    const newId = '7d444840-9dc0-4c35-8e3a-2d4c1f5b0c11';
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(newId);
    let answer: (response: Response) => void = () => undefined;
    const api = await setup({ [`PUT /api/admin/expenses/${newId}`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await screen.findByRole('heading', { name: 'Clinic rent' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    const first = within(screen.getByRole('list', { name: 'Expenses on this page' })).getAllByRole('article')[0]!;
    const card = within(first);
    expect(card.getByRole('heading', { name: 'New expense' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Hide Details' }).getAttribute('aria-expanded')).toBe('true');
    expect(card.getByText(newId)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);

    await userEvent.type(card.getByRole('textbox', { name: 'Title' }), '  Laptop  ');
    await userEvent.selectOptions(card.getByRole('combobox', { name: 'Original Currency' }), 'INR');
    await userEvent.type(card.getByLabelText('Original Amount'), '1234.5');
    fireEvent.change(card.getByLabelText('Spent Date'), { target: { value: '2026-03-10' } });
    await userEvent.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByRole('button', { name: 'Saving…' })).toHaveProperty('disabled', true);
    const put = api.callsTo('PUT', `/api/admin/expenses/${newId}`)[0]!;
    expect(put.body).toEqual({
      title: '  Laptop  ',
      description: '',
      originalCurrency: 'INR',
      originalAmount: '1234.50',
      spentAt: '2026-03-10T05:00:00.000Z',
    });

    const message = messages.expenseAmountInvalid;
    answer(json(400, { message, errors: { originalAmount: message } }));
    expect(await card.findAllByText(message)).not.toHaveLength(0);
  });

  it("says 'Failed to save expense.' when a save fails without a message", async () => {
    await setup({ [`PUT ${savedPath}`]: new Response(null, { status: 500 }) });
    const card = await openExpense('Clinic rent');
    expect(card.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await userEvent.clear(card.getByRole('textbox', { name: 'Title' }));
    await userEvent.type(card.getByRole('textbox', { name: 'Title' }), 'Rent');
    await userEvent.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText(messages.expenseSaveFailed)).toBeInTheDocument();
  });

  it('uploads a receipt for a saved expense: slot, direct upload with the returned headers, attach, then a link to the file', async () => {
    const attached = expense({
      fileUrl: '/api/admin/expenses/uploads/u1',
      fileName: 'rent.pdf',
      fileContentType: 'application/pdf',
      fileSize: 2048,
      downloadUrl: '/api/files/u1?expires=1&sig=s',
    });
    let current = saved;
    const api = await setup({
      'GET /api/admin/expenses': () => json(200, expensePage([current])),
      'POST /api/admin/expenses/upload-initiate': json(200, {
        uploadUrl: 'https://bucket.example/expenses/x?sig=1',
        fileUrl: '/api/admin/expenses/uploads/u1',
        headers: { 'Content-Type': 'application/pdf', 'x-amz-meta': 'm' },
        expiresAt: '',
      }),
      [`POST ${savedPath}/attach`]: () => {
        current = attached;
        return json(200, attached);
      },
    });
    const card = await openExpense('Clinic rent');
    const file = new File(['%PDF-1.7 receipt'], 'rent.pdf', { type: 'application/pdf' });
    await userEvent.upload(card.getByLabelText('Receipt file (PDF, JPEG or PNG)'), file);
    const link = await card.findByRole('link', { name: 'rent.pdf' });
    expect(link.getAttribute('href')).toBe('/api/files/u1?expires=1&sig=s');
    expect(api.callsTo('POST', '/api/admin/expenses/upload-initiate')[0]!.body).toEqual({
      expenseId: saved.id,
      fileName: 'rent.pdf',
      contentType: 'application/pdf',
      size: file.size,
    });
    expect(FakeUpload.sent).toEqual([
      {
        method: 'PUT',
        url: 'https://bucket.example/expenses/x?sig=1',
        headers: { 'content-type': 'application/pdf', 'x-amz-meta': 'm' },
        body: file,
      },
    ]);
    expect(api.callsTo('POST', `${savedPath}/attach`)[0]!.body).toEqual({
      fileUrl: '/api/admin/expenses/uploads/u1',
      fileName: 'rent.pdf',
      contentType: 'application/pdf',
      size: file.size,
    });
    // Attached on the server: nothing left to save.
    expect(card.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(card.getByRole('button', { name: 'Replace file' })).toBeInTheDocument();
  });

  it.each([
    ['the upload answers an error status', () => (FakeUpload.answer = 500), {}, messages.fileUploadFailedWithStatus(500)],
    [
      'our server refuses the bytes and says why',
      () => {
        FakeUpload.answer = 400;
        FakeUpload.answerBody = JSON.stringify({ message: messages.receiptContentMismatch });
      },
      {},
      `${messages.fileUploadFailedWithStatus(400)}: ${messages.receiptContentMismatch}`,
    ],
    ['the upload never reaches the store', () => (FakeUpload.answer = 'network-error'), {}, messages.fileUploadFailed],
    ['the slot lacks an upload address', () => undefined, { uploadUrl: '' }, messages.uploadInitiationFailed],
  ])('shows the upload error on the card when %s', async (_case, arrange, ticket, message) => {
    arrange();
    await setup({
      'POST /api/admin/expenses/upload-initiate': json(200, {
        uploadUrl: '/api/files/upload?sig=1',
        fileUrl: '/api/admin/expenses/uploads/u1',
        headers: {},
        expiresAt: '',
        ...ticket,
      }),
    });
    const card = await openExpense('Clinic rent');
    await userEvent.upload(card.getByLabelText('Receipt file (PDF, JPEG or PNG)'), new File(['x'], 'r.png', { type: 'image/png' }));
    expect(await card.findByText(message)).toBeInTheDocument();
    expect(card.getByText('No file attached.')).toBeInTheDocument();
  });

  it("shows the server's reason when the slot is refused", async () => {
    await setup({ 'POST /api/admin/expenses/upload-initiate': json(400, { message: messages.receiptTypeInvalid }) });
    const card = await openExpense('Clinic rent');
    await userEvent.upload(card.getByLabelText('Receipt file (PDF, JPEG or PNG)'), new File(['x'], 'r.png', { type: 'image/png' }), {
      applyAccept: false,
    });
    expect(await card.findByText(messages.receiptTypeInvalid)).toBeInTheDocument();
  });

  it('Clear Attachment marks the card dirty, and the save then sends no file fields', async () => {
    const withFile = expense({
      fileUrl: '/api/admin/expenses/uploads/u1',
      fileName: 'rent.pdf',
      fileContentType: 'application/pdf',
      fileSize: 2048,
      downloadUrl: '/api/files/u1?expires=1&sig=s',
    });
    const api = await setup({ 'GET /api/admin/expenses': json(200, expensePage([withFile])), [`PUT ${savedPath}`]: json(200, expense()) });
    const card = await openExpense('Clinic rent');
    expect(card.getByRole('link', { name: 'rent.pdf' })).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Save' }));
    expect(api.callsTo('PUT', savedPath)).toHaveLength(0);
    await userEvent.click(card.getByRole('button', { name: 'Clear Attachment' }));
    expect(card.getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', savedPath)).toHaveLength(1));
    const body = api.callsTo('PUT', savedPath)[0]!.body as Record<string, unknown>;
    expect(Object.keys(body).filter((key) => key.startsWith('file'))).toEqual([]);
    expect(body).toMatchObject({ title: 'Clinic rent', originalCurrency: 'INR', originalAmount: '8300.00', createdBy: 'boss@example.com' });
  });

  it("asks 'Delete this expense?' in a dialog before deleting, and says 'Delete failed' when it fails", async () => {
    let fail = true;
    const api = await setup({
      [`DELETE ${savedPath}`]: () => (fail ? new Response(null, { status: 500 }) : new Response(null, { status: 204 })),
    });
    const card = await openExpense('Clinic rent');
    const confirmDelete = async (answer: 'Delete' | 'Cancel') => {
      await userEvent.click(card.getByRole('button', { name: 'Delete' }));
      await userEvent.click(
        within(screen.getByRole('dialog', { name: messages.confirmExpenseDelete })).getByRole('button', { name: answer }),
      );
    };
    await confirmDelete('Cancel');
    expect(api.callsTo('DELETE', savedPath)).toHaveLength(0);
    await confirmDelete('Delete');
    expect(await within(screen.getByRole('region', { name: 'Results' })).findByText(messages.expenseDeleteFailed)).toBeInTheDocument();
    fail = false;
    await confirmDelete('Delete');
    await waitFor(() => expect(api.callsTo('DELETE', savedPath)).toHaveLength(2));
    expect(await within(screen.getByRole('region', { name: 'Results' })).findByText(messages.expenseDeleted)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/expenses').length).toBeGreaterThan(1));
  });

  it('deletes a new expense for good once it is saved and listed: no card comes back', async () => {
    const newId = '7d444840-9dc0-4c35-8e3a-2d4c1f5b0c12';
    const newPath = `/api/admin/expenses/${newId}`;
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(newId);
    const created = expense({ id: newId, title: 'Laptop' });
    let listed = [saved];
    const api = await setup({
      'GET /api/admin/expenses': () => json(200, expensePage(listed)),
      [`PUT ${newPath}`]: () => {
        listed = [created, saved];
        return json(200, created);
      },
      [`DELETE ${newPath}`]: () => {
        listed = [saved];
        return new Response(null, { status: 204 });
      },
    });
    await screen.findByRole('heading', { name: 'Clinic rent' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    const draft = within(screen.getByRole('heading', { name: 'New expense' }).closest('article')!);
    await userEvent.type(draft.getByRole('textbox', { name: 'Title' }), 'Laptop');
    await userEvent.click(draft.getByRole('button', { name: 'Save' }));
    const card = within((await screen.findByRole('heading', { name: 'Laptop', level: 3 })).closest('article')!);
    expect(within(screen.getByRole('region', { name: 'Results' })).getByText(messages.expenseSaved)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/expenses').length).toBeGreaterThan(1));

    await userEvent.click(card.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/expenses').length).toBeGreaterThan(2));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Laptop', level: 3 })).toBeNull());
    expect(api.callsTo('DELETE', newPath)).toHaveLength(1);
  });

  it('discards an unsaved new expense without a call to the server', async () => {
    const api = await setup();
    await screen.findByRole('heading', { name: 'Clinic rent' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    const card = within(screen.getByRole('heading', { name: 'New expense' }).closest('article')!);
    await userEvent.click(card.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'New expense' })).toBeNull());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });
});
