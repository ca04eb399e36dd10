import {
  attachSchema,
  exchangeRateSchema,
  exchangeRateUpdateSchema,
  expenseExportQuerySchema,
  expenseListQuerySchema,
  expensePageSchema,
  expenseSchema,
  expenseUpdateSchema,
  messages,
  RECEIPT_CONTENT_TYPES,
  uploadInitiateSchema,
  uploadTicketSchema,
} from '@app/shared';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { addAuditDetails, auditActor, markAuditRecorded } from '../../plugins/audit';
import { requireAdmin } from '../../plugins/auth';
import { attachFile, deleteExpense, findReceipt, initiateUpload, listExpenses, saveExpense } from './service';
import { getExchangeRate, setExchangeRate } from './exchange-rate.service';
import { expensesCsv } from './export.service';
import { sendReceipt } from './receipts.routes';

// Named expenseId, not id: the trail's subject column is for users, and an expense is not one.
const expenseParams = z.strictObject({ expenseId: z.uuid({ error: messages.missingExpenseId }) });
const uploadParams = z.strictObject({ uploadId: z.uuid() });

/** The Expenses tab (docs/product.md, Admin dashboard and Data): list, export, create-or-update, delete, receipts, the exchange rate. */
export const adminExpenseRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/expenses',
    {
      schema: {
        operationId: 'listExpenses',
        summary: 'List expenses, filtered or not, a page at a time',
        tags: ['Admin expenses'],
        querystring: expenseListQuerySchema,
        response: { 200: expensePageSchema },
      },
    },
    async (request) => {
      const page = await listExpenses(ctx, request.query);
      addAuditDetails(request, { ...request.query, count: page.content.length });
      return page;
    },
  );

  app.get(
    '/expenses/export.csv',
    {
      schema: {
        operationId: 'exportExpensesCsv',
        summary: 'Download the expenses as a CSV file',
        tags: ['Admin expenses'],
        querystring: expenseExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('The expenses, one per line') },
      },
    },
    async (request, reply) => {
      addAuditDetails(request, { ...request.query });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="expenses.csv"')
        .header('cache-control', 'private, no-store')
        .send(Readable.from(expensesCsv(ctx.db, request.query)));
    },
  );

  app.get(
    '/expenses/exchange-rate',
    {
      schema: {
        operationId: 'getExchangeRate',
        summary: 'Get the rupees-per-dollar rate expenses are converted with',
        tags: ['Admin expenses'],
        response: { 200: exchangeRateSchema },
      },
    },
    async () => getExchangeRate(ctx),
  );

  app.put(
    '/expenses/exchange-rate',
    {
      schema: {
        operationId: 'setExchangeRate',
        summary: 'Set the rupees-per-dollar rate',
        tags: ['Admin expenses'],
        body: exchangeRateUpdateSchema,
        response: { 200: exchangeRateSchema },
      },
    },
    async (request) => {
      const rate = await setExchangeRate(ctx, requireAdmin(request), request.body.inrPerUsd, auditActor(request));
      markAuditRecorded(request);
      return rate;
    },
  );

  app.put(
    '/expenses/:expenseId',
    {
      schema: {
        operationId: 'createOrUpdateExpense',
        summary: 'Create an expense, or update it, under the id the client chose',
        tags: ['Admin expenses'],
        params: expenseParams,
        body: expenseUpdateSchema,
        response: { 200: expenseSchema },
      },
    },
    async (request) => {
      const expense = await saveExpense(ctx, requireAdmin(request), request.params.expenseId, request.body, auditActor(request));
      markAuditRecorded(request);
      return expense;
    },
  );

  app.delete(
    '/expenses/:expenseId',
    {
      schema: {
        operationId: 'deleteExpense',
        summary: 'Delete an expense',
        tags: ['Admin expenses'],
        params: expenseParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await deleteExpense(ctx, request.params.expenseId, auditActor(request));
      markAuditRecorded(request);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/expenses/upload-initiate',
    {
      schema: {
        operationId: 'initiateReceiptUpload',
        summary: "Get an address to upload a receipt's file to",
        tags: ['Admin expenses'],
        body: uploadInitiateSchema,
        response: { 200: uploadTicketSchema },
      },
    },
    async (request) => initiateUpload(ctx, requireAdmin(request), request.body),
  );

  app.post(
    '/expenses/:expenseId/attach',
    {
      schema: {
        operationId: 'attachReceipt',
        summary: "Make an uploaded file the expense's receipt",
        tags: ['Admin expenses'],
        params: expenseParams,
        body: attachSchema,
        response: { 200: expenseSchema },
      },
    },
    async (request) => {
      const expense = await attachFile(ctx, requireAdmin(request), request.params.expenseId, request.body, auditActor(request));
      markAuditRecorded(request);
      return expense;
    },
  );

  // The file address an expense shows: the file itself, for an admin's token.
  app.get(
    '/expenses/uploads/:uploadId',
    {
      schema: {
        operationId: 'downloadReceipt',
        summary: "Download an expense's receipt",
        tags: ['Admin expenses'],
        params: uploadParams,
        produces: RECEIPT_CONTENT_TYPES,
        response: { 200: z.unknown().describe('The receipt, as stored') },
      },
    },
    async (request, reply) => sendReceipt(ctx, reply, await findReceipt(ctx, request.params.uploadId)),
  );
};
