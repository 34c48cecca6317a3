import { MantineProvider } from '@mantine/core';
import { KEYWORD_MESSAGES, type TKeywordIdea, type TKeywordIdeasResponse } from '@sales-assist/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IdeaResults } from './idea-results';

const idea = (text: string, extra: Partial<TKeywordIdea> = {}): TKeywordIdea => ({
  text,
  intent: 'commercial',
  theme: 'bookkeeping',
  relevance: 80,
  metrics: null,
  source: 'writer',
  ...extra,
});

const answerOf = (ideas: TKeywordIdea[]): TKeywordIdeasResponse => ({
  themes: [{ theme: 'bookkeeping', ideas }],
  metrics: { provider: null, note: KEYWORD_MESSAGES.noProvider },
  writer: 'offline',
  fallback_reason: null,
});

const setup = (answer: TKeywordIdeasResponse, selected = new Set<string>()) => {
  const onToggle = vi.fn();
  render(
    <MantineProvider env="test">
      <IdeaResults answer={answer} selected={selected} onToggle={onToggle} />
    </MantineProvider>,
  );
  return { onToggle, user: userEvent.setup() };
};

describe('IdeaResults', () => {
  it('without metrics shows no metric column and no number but our relevance', () => {
    setup(
      answerOf([
        idea('bookkeeping pricing', { intent: 'transactional', relevance: 91 }),
        idea('what is bookkeeping', { intent: 'informational' }),
      ]),
    );
    expect(screen.getByRole('heading', { name: 'Bookkeeping' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Avg. monthly searches' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Top of page bid' })).not.toBeInTheDocument();
    const row = screen.getByRole('row', { name: /bookkeeping pricing/ });
    expect(within(row).getByText('Transactional')).toBeInTheDocument();
    expect(within(row).getByLabelText('Relevance 91 of 100')).toBeInTheDocument();
    expect(screen.getByText(/Relevance is our own score/)).toBeInTheDocument();
  });

  it('with metrics from Google Ads shows them, a dash where Google gave none', () => {
    setup(
      answerOf([
        idea('bookkeeping pricing', {
          metrics: {
            avg_monthly_searches: 12100,
            competition: 'high',
            competition_index: 87,
            low_top_of_page_bid: 1.2,
            high_top_of_page_bid: 6.5,
            provider: 'google_ads',
          },
        }),
        idea('best bookkeeping', { source: 'google_ads' }),
      ]),
    );
    expect(screen.getByRole('columnheader', { name: 'Avg. monthly searches' })).toBeInTheDocument();
    const measured = screen.getByRole('row', { name: /bookkeeping pricing/ });
    expect(within(measured).getByText('12,100')).toBeInTheDocument();
    expect(within(measured).getByText('High (87)')).toBeInTheDocument();
    expect(within(measured).getByText('1.20–6.50')).toBeInTheDocument();
    const bare = screen.getByRole('row', { name: /best bookkeeping/ });
    expect(within(bare).getAllByText('—')).toHaveLength(3);
    expect(within(bare).getByText('From Google Ads')).toBeInTheDocument();
  });

  it('selects one keyword, or a whole theme', async () => {
    const ideas = [idea('a one'), idea('b two')];
    const { onToggle, user } = setup(answerOf(ideas), new Set(['a one']));
    const all = screen.getByRole('checkbox', { name: 'Select all keywords of bookkeeping' });
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'Select b two' }));
    expect(onToggle).toHaveBeenLastCalledWith(ideas[1], true);
    await user.click(all);
    expect(onToggle).toHaveBeenCalledTimes(3);
  });
});
