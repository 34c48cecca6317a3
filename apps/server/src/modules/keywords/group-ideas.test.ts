import type { TKeywordIdea } from '@sales-assist/contract';
import { describe, expect, it } from 'vitest';
import { groupByTheme } from './group-ideas';

const idea = (
  text: string,
  theme: string,
  intent: TKeywordIdea['intent'],
  relevance: number,
): TKeywordIdea => ({
  text,
  theme,
  intent,
  relevance,
  metrics: null,
  source: 'writer',
});

describe('grouping keyword ideas', () => {
  it('groups by theme ignoring letter case, orders themes by their best idea and ideas by intent then relevance', () => {
    const themes = groupByTheme([
      idea('payroll pricing', 'Payroll', 'transactional', 90),
      idea('what is payroll', 'payroll', 'informational', 60),
      idea('best payroll', 'payroll', 'commercial', 95),
      idea('payroll guide', 'payroll', 'informational', 80),
      idea('tax filing', 'tax filing', 'commercial', 99),
    ]);
    expect(themes.map((theme) => theme.theme)).toEqual(['tax filing', 'payroll']);
    expect(themes[1]?.ideas.map((item) => item.text)).toEqual([
      'payroll guide',
      'what is payroll',
      'best payroll',
      'payroll pricing',
    ]);
  });
});
