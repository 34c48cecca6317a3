import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dropNullProperties, optionalAsNull } from './optional-as-null';

describe('optional properties under a grammar that makes every property required', () => {
  it('lets each optional property be null, at any depth, and keeps required ones as they are', () => {
    const schema = z.toJSONSchema(
      z.object({
        name: z.string().optional(),
        kind: z.enum(['a', 'b']),
        items: z.array(z.object({ note: z.string().optional(), id: z.number() })),
      }),
      { io: 'input' },
    );
    expect(optionalAsNull(schema)).toMatchObject({
      properties: {
        name: { oneOf: [{ type: 'string' }, { type: 'null' }] },
        kind: { type: 'string', enum: ['a', 'b'] },
        items: {
          items: {
            properties: { note: { oneOf: [{ type: 'string' }, { type: 'null' }] }, id: { type: 'number' } },
          },
        },
      },
    });
  });

  it('removes the nulls from an answer, so the caller’s schema sees the properties left out', () => {
    const Args = z.object({
      name: z.string().optional(),
      items: z.array(z.object({ note: z.string().optional() })),
    });
    const answer = { name: null, items: [{ note: null }, { note: 'x' }] };
    expect(Args.safeParse(answer).success).toBe(false);
    expect(dropNullProperties(answer)).toEqual({ items: [{}, { note: 'x' }] });
    expect(Args.safeParse(dropNullProperties(answer)).success).toBe(true);
  });
});
