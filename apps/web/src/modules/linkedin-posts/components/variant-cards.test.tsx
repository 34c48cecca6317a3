import type { TLinkedinVariant } from '@sales-assist/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import type { TGeneration } from '../hooks/use-generate-posts';
import { VariantCards } from './variant-cards';

const variant = (index: number): TLinkedinVariant => {
  const text = `Hook ${index + 1}.\n\nBody ${index + 1}.\n\n#Sales`;
  return {
    variant: index,
    text,
    hook: `Hook ${index + 1}.`,
    hashtags: ['#Sales'],
    characters: text.length,
    review: [],
  };
};

/** A finished generation: `asked` posts were asked for, `written` came back. */
const done = (asked: number, written: number): TGeneration => ({
  phase: 'done',
  variants: asked,
  texts: [],
  writer: 'llm',
  result: {
    variants: Array.from({ length: written }, (_, index) => variant(index)),
    writer: 'llm',
    model: 'm',
    source: { type: 'topic', label: 'Planning', id: null },
    generation: 'receipt.signature',
    fallback_reason: null,
  },
  kept: {},
});

const show = (generation: TGeneration) =>
  renderWithApp(<VariantCards generation={generation} keeping={null} onKeep={vi.fn()} onChoose={vi.fn()} />);

describe('the written LinkedIn variants', () => {
  it('say above the cards when the model wrote fewer posts than asked', () => {
    show(done(3, 2));
    expect(screen.getAllByTestId('variant-card')).toHaveLength(2);
    expect(screen.getByTestId('fewer-posts-note')).toHaveTextContent(
      'Only 2 of the 3 posts asked for were written. Write again for more.',
    );
  });

  it('say nothing of the kind when every post asked for came', () => {
    show(done(2, 2));
    expect(screen.getAllByTestId('variant-card')).toHaveLength(2);
    expect(screen.queryByTestId('fewer-posts-note')).not.toBeInTheDocument();
  });
});
