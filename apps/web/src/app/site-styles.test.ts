import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: it applies the stylesheet once per page. */
async function freshApplySiteStyles() {
  vi.resetModules();
  return (await import('./site-styles')).applySiteStyles;
}

function linkSiteStyles({ disabled }: { disabled: boolean }) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  // A stylesheet the test DOM can load without a server.
  link.href = 'data:text/css,';
  link.dataset.siteStyles = '';
  link.disabled = disabled;
  document.head.append(link);
  return link;
}

describe('the whole stylesheet of a prerendered page', () => {
  afterEach(() => {
    document.head.replaceChildren();
  });

  it('is enabled once, and the wait ends when it has loaded', async () => {
    const applySiteStyles = await freshApplySiteStyles();
    const link = linkSiteStyles({ disabled: true });
    let done = false;
    const applied = applySiteStyles().then(() => (done = true));
    expect(link.disabled).toBe(false);
    expect(applySiteStyles()).toBe(applySiteStyles());
    await Promise.resolve();
    expect(done).toBe(false);
    link.dispatchEvent(new Event('load'));
    await applied;
    expect(done).toBe(true);
  });

  it('does not hold the app when it fails to load', async () => {
    const applySiteStyles = await freshApplySiteStyles();
    const link = linkSiteStyles({ disabled: true });
    const applied = applySiteStyles();
    link.dispatchEvent(new Event('error'));
    await expect(applied).resolves.toBeUndefined();
  });

  it('is not waited for where the page links no disabled sheet (the plain shell)', async () => {
    const applySiteStyles = await freshApplySiteStyles();
    await expect(applySiteStyles()).resolves.toBeUndefined();
    linkSiteStyles({ disabled: false });
    const again = await freshApplySiteStyles();
    await expect(again()).resolves.toBeUndefined();
  });
});
