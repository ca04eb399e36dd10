// Production logging (LOG_LEVEL=info) beside none, two servers side by side.
import { REPLAYED_PATHS, sideBySide } from '../side-by-side';
import { eachRound, percent, round, withServer } from '../shared';

export interface LoggingCost {
  path: string;
  /** Answers per second at LOG_LEVEL=info and silent (the median round). */
  info: number;
  silent: number;
  cost: number;
  costEachRound: number[];
}

/**
 * What production logging costs: the plan catalogue and the home page on a server logging at `info`
 * (every error and slow request, as in production) beside one logging nothing, both running, side by
 * side (see sideBySide).
 */
export async function benchLoggingCost(): Promise<LoggingCost[]> {
  const paths = REPLAYED_PATHS.filter(({ name }) => name !== 'GET / (gzip)');
  const rows = await withServer(
    (silentUrl) =>
      withServer(
        (infoUrl) =>
          sideBySide(
            paths.map(({ name, path, headers }) => ({
              path: { name: `${name} (LOG_LEVEL=info)`, url: `${infoUrl}${path}`, headers },
              ceiling: { name: `${name} (LOG_LEVEL=silent)`, url: `${silentUrl}${path}`, headers },
            })),
          ),
        { LOG_LEVEL: 'info' },
      ),
    { LOG_LEVEL: 'silent' },
  );
  const rateOf = (name: string) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`no row for ${name}`);
    return row;
  };
  return paths.map(({ name }) => {
    const info = rateOf(`${name} (LOG_LEVEL=info)`);
    return {
      path: name,
      info: info.requestsPerSec,
      silent: rateOf(`${name} (LOG_LEVEL=silent)`).requestsPerSec,
      cost: round(1 - (info.shareOfCeiling ?? NaN), 3),
      costEachRound: (info.sharesOfCeilingEachRound ?? []).map((share) => round(1 - share, 3)),
    };
  });
}

export function printLogging(rows: LoggingCost[]): void {
  console.log("Production logging (LOG_LEVEL=info) beside none, answers per second (median round) and the median of the rounds' costs");
  console.table(
    Object.fromEntries(
      rows.map((r) => [r.path, { info: r.info, silent: r.silent, cost: percent(r.cost), 'cost, each round': eachRound(r.costEachRound) }]),
    ),
  );
}
