let applied: Promise<void> | null = null;

/**
 * Applies the site's whole stylesheet, which a prerendered page links disabled (scripts/prerender.mjs):
 * the page paints with the rules of its own markup, inlined, and fetches nothing more before that
 * paint. The app needs every rule, for the states its pages reach and for the pages it shows without
 * loading another document. Resolves once the sheet has loaded, or failed to (the page still shows
 * with its own rules), and at once where there is no such link (the plain shell links the sheet itself).
 */
export function applySiteStyles(): Promise<void> {
  applied ??= new Promise<void>((resolve) => {
    const link = document.querySelector<HTMLLinkElement>('link[data-site-styles]');
    if (!link?.disabled) return resolve();
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    link.disabled = false;
  });
  return applied;
}
