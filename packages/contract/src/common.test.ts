import { describe, expect, it } from 'vitest';
import { isValidPassword, ZEmail, ZRegisterRequest } from './index';

describe('password rule (spec §5)', () => {
  it.each([
    ['Abcdefg1', true],
    ['Abcdefg!', true],
    ['Abcdefg h', true],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
    ['Abc1', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidPassword(value)).toBe(valid);
  });
});

describe('messages name the field', () => {
  it('normalises e-mail and reports each failure with its spec text or field name', () => {
    expect(ZEmail.parse('  Jane@Example.COM ')).toBe('jane@example.com');
    const result = ZRegisterRequest.safeParse({ email: 'nope', password: 'short' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(['Please enter a valid email address', 'Password is not valid']);
    const missing = ZRegisterRequest.safeParse({});
    expect(missing.error?.issues[0]?.message).toBe('email is required');
  });
});
