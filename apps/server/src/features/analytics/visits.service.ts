import { addIsoDays, centralDay, VISIT_ANALYTICS_DAYS, VISIT_SERVICES, type VisitAnalytics, type VisitService } from '@app/shared';
import type { Database } from '../../db/client';
import { visitFigures, visitsClosedByClinician, visitsPerDay } from './repository';

const toTenth = (minutes: number | null) => (minutes === null ? null : Math.round(minutes * 10) / 10);

/**
 * The Visits panel: the last VISIT_ANALYTICS_DAYS America/Chicago days of visits, requested per day
 * and service, the wait from request to claim, how many ended completed or cancelled, and what each
 * clinician completed.
 */
export async function visitAnalytics(db: Database, now = new Date()): Promise<VisitAnalytics> {
  const to = centralDay(now);
  const range = { from: addIsoDays(to, 1 - VISIT_ANALYTICS_DAYS), to };
  const [perDay, figures, clinicians] = await Promise.all([
    visitsPerDay(db, range),
    visitFigures(db, range),
    visitsClosedByClinician(db, range),
  ]);
  const days = Array.from({ length: VISIT_ANALYTICS_DAYS }, (_, index) => ({
    day: addIsoDays(range.from, index),
    byService: Object.fromEntries(VISIT_SERVICES.map((service) => [service, 0])) as Record<VisitService, number>,
  }));
  const byDay = new Map(days.map((entry) => [entry.day, entry.byService]));
  for (const row of perDay) {
    const counts = byDay.get(row.day);
    if (counts) counts[row.service] = row.visits;
  }
  return {
    ...range,
    days,
    wait: { claimed: figures.claimed, medianMinutes: toTenth(figures.median_wait_minutes), p90Minutes: toTenth(figures.p90_wait_minutes) },
    completed: figures.completed,
    cancelled: figures.cancelled,
    clinicians: clinicians.map((row) => ({
      id: row.id,
      name: `${row.first_name} ${row.last_name}`,
      credentials: row.credentials,
      closed: row.closed,
    })),
  };
}
