import { describe, expect, it } from 'vitest';
import { completeNpi, isNpi } from './clinicians';

describe('the National Provider Identifier', () => {
  it('is ten digits whose last is the Luhn check digit of the first nine behind 80840', () => {
    expect(isNpi('1234567893')).toBe(true);
    expect(isNpi('1234567890')).toBe(false);
    expect(isNpi('123456789')).toBe(false);
  });

  it('is completed from nine digits by the one check digit that makes it valid', () => {
    expect(completeNpi('123456789')).toBe('1234567893');
    expect(isNpi(completeNpi('987654321'))).toBe(true);
  });
});
