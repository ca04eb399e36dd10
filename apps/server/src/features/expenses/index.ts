// The expenses feature's public file: its routes, the profit panel's monthly expenses and housekeeping's upload clean-ups.
export { monthlyExpenseCents } from './repository';
export { adminExpenseRoutes } from './routes';
export { receiptFileRoutes } from './receipts.routes';
export { removeAbandonedUploads, removeInterruptedUploads } from './service';
