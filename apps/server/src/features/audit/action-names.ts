/**
 * What each audited action is, in words: the summary its route declares for the API description, so
 * the audit log and the OpenAPI document say the same thing. Filled as the routes are registered
 * (plugins/audit.ts); every app of a process registers the same routes, so one table serves them all.
 */
const descriptions = new Map<string, string>();

/** Records the words for an action (`METHOD /route/pattern`). */
export function nameAuditedAction(action: string, summary: string | undefined) {
  if (summary) descriptions.set(action, summary);
}

/** The action in words, or as it is stored when no route of this build declares it (a route since removed). */
export const describeAction = (action: string) => descriptions.get(action) ?? action;

/** Every action this build records, in words, by its words. */
export const auditedActions = () =>
  [...descriptions].map(([action, description]) => ({ action, description })).sort((a, b) => a.description.localeCompare(b.description));
