import { describe, expect, it } from 'vitest';
import { AiUnusableAnswer } from './ai-errors';
import { parseJsonAnswer } from './json-answer';

const reasonOf = (text: string | null): string => {
  try {
    parseJsonAnswer(text);
  } catch (error) {
    if (error instanceof AiUnusableAnswer) return error.reason;
    throw error;
  }
  return 'parsed';
};

describe('parseJsonAnswer', () => {
  it('reads a bare object, a fenced one and one with words around it', () => {
    expect(parseJsonAnswer('{"a": 1}')).toEqual({ a: 1 });
    expect(parseJsonAnswer('```json\n{"a": 2}\n```')).toEqual({ a: 2 });
    expect(parseJsonAnswer('```\n{"a": 3}\n```')).toEqual({ a: 3 });
    expect(parseJsonAnswer('Here it is:\n```json\n{"a": 4}\n```\nHope it helps.')).toEqual({ a: 4 });
    expect(parseJsonAnswer('Sure! {"a": {"b": 5}} Anything else?')).toEqual({ a: { b: 5 } });
    expect(parseJsonAnswer('  [1, 2]  ')).toEqual([1, 2]);
    expect(parseJsonAnswer('<think>Shape {a}? Yes.</think>\n{"a": 6}')).toEqual({ a: 6 });
  });

  it('calls empty and broken answers unusable, each with its reason', () => {
    expect(reasonOf('')).toBe('answered no text');
    expect(reasonOf('   ')).toBe('answered no text');
    expect(reasonOf(null)).toBe('answered no text');
    expect(reasonOf('{"a": "never ends')).toBe('answered malformed JSON');
    expect(reasonOf('No JSON here at all.')).toBe('answered malformed JSON');
  });
});
