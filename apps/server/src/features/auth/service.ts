import type { AppContext } from '../../context';

export async function ensureBootstrapAdmin(_ctx: AppContext) {}
