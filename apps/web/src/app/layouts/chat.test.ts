import { describe, expect, it } from 'vitest';
import { chatAllowedOn, chatOffset } from './chat';

describe('the live-chat widget rules', () => {
  it('sits 7px from the bottom by default', () => {
    expect(chatOffset('/', 1280)).toBe(7);
    expect(chatOffset('/contact', 641)).toBe(7);
  });

  it('sits 22px from the bottom on screens up to 640px wide', () => {
    expect(chatOffset('/', 640)).toBe(22);
    expect(chatOffset('/contact', 375)).toBe(22);
  });

  it('sits 10px from the bottom on /consult, whatever the width', () => {
    expect(chatOffset('/consult', 1280)).toBe(10);
    expect(chatOffset('/consult', 375)).toBe(10);
    expect(chatOffset('/consult/', 375)).toBe(10);
    expect(chatOffset('/consultation', 1280)).toBe(7);
  });

  it('is removed on /profile only', () => {
    expect(chatAllowedOn('/profile')).toBe(false);
    expect(chatAllowedOn('/profile/')).toBe(false);
    expect(chatAllowedOn('/')).toBe(true);
    expect(chatAllowedOn('/payment')).toBe(true);
  });
});
