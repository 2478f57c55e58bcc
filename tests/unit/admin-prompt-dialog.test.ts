/**
 * The prompt dialog's rules (a pattern or a validator, whose refusal reads
 * 'input data invalid' unless it brings its own words): what an answer is told
 * before it may be sent, in every language.
 */
import { describe, expect, it } from 'vitest';
import { PROMPT_INVALID, promptError } from '../../admin/form/PromptDialog';
import { catalogs } from '../../schema/i18n/catalogs';

describe('prompt dialog rules', () => {
  it('a pattern that fails says the default message, in every language', () => {
    expect(promptError('ab', { pattern: /^\d+$/ })).toBe(PROMPT_INVALID);
    expect(promptError(' 42 ', { pattern: /^\d+$/ })).toBeUndefined();
    for (const catalog of Object.values(catalogs)) expect((catalog as any).admin.prompt.invalid).toMatch(/\S/);
    expect((catalogs['en-us'] as any).admin.prompt.invalid).toBe('Input data invalid');
  });

  it('a validator answers with its own words, or the default message', () => {
    const validate = (v: string) => (v.length < 4 ? 'validation.reason_short' : undefined);
    expect(promptError('abc', { validate })).toBe('validation.reason_short');
    expect(promptError('abcd', { validate })).toBeUndefined();
    expect(promptError('x', { validate: () => true as never })).toBe(PROMPT_INVALID);
    expect(promptError('x', { pattern: /^y$/, message: 'own.words' })).toBe('own.words');
  });

  it('blank is refused only when an answer is required, and is never pattern-checked', () => {
    expect(promptError('  ', { required: true, pattern: /^\d+$/ })).toBe('validation.required');
    expect(promptError('', { pattern: /^\d+$/ })).toBeUndefined();
  });

  it('a global pattern tests each answer afresh (no lastIndex carried over)', () => {
    const rules = { pattern: /^\d+$/g };
    expect(promptError('12', rules)).toBeUndefined();
    expect(promptError('12', rules)).toBeUndefined();
  });

  it('an answer longer than maxLength is invalid', () => {
    expect(promptError('abcdef', { maxLength: 5 })).toBe(PROMPT_INVALID);
  });
});
