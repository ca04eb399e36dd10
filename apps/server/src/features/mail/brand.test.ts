import { BRAND_DEFAULTS } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/harness';
import { renderLetter } from './templates';

const acme = {
  BRAND_NAME: 'Acme Health',
  SUPPORT_EMAIL: 'help@acme-health.example',
  SUPPORT_PHONE: '+1 (212) 555-0100',
  HQ_ADDRESS: 'Albany, New York, USA',
};

describe('the brand in e-mails', () => {
  let branded: App;
  let plain: App;
  beforeAll(async () => {
    [branded, plain] = await Promise.all([createTestApp(acme), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([branded.close(), plain.close()]);
  });

  it('comes from BRAND_NAME, SUPPORT_EMAIL, SUPPORT_PHONE and HQ_ADDRESS: sender, greeting and footer', () => {
    const mail = branded.ctx.templates.verifyEmail('pat@example.com', 'Pat', 'tok_123');
    expect(branded.ctx.config.mailFrom).toBe('Acme Health <no-reply@careconnect247.example>');
    const { text, html } = renderLetter(branded.ctx.config.brand, mail.letter);
    for (const part of [text, html]) {
      for (const value of Object.values(acme)) expect(part).toContain(value.replace('&', '&amp;'));
      expect(part).not.toContain(BRAND_DEFAULTS.name);
    }
  });

  it('is the shared default when nothing is set', () => {
    const mail = plain.ctx.templates.verifyEmail('pat@example.com', 'Pat', 'tok_123');
    expect(renderLetter(plain.ctx.config.brand, mail.letter).text).toContain(
      `${BRAND_DEFAULTS.name} · ${BRAND_DEFAULTS.headquarters} · ${BRAND_DEFAULTS.supportEmail} · ${BRAND_DEFAULTS.supportPhone}`,
    );
  });
});
