import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { truncate } from './truncate';
import { TruncatedText } from './truncated-text';

const HEADLINE = 'Head of Analytical Engines at Difference Works';

describe('truncate', () => {
  it('cuts after 30 characters and adds an ellipsis; 30 or fewer stay whole', () => {
    expect(truncate(HEADLINE)).toBe('Head of Analytical Engines at ...');
    expect(truncate('x'.repeat(30))).toBe('x'.repeat(30));
    expect(truncate('x'.repeat(31))).toBe(`${'x'.repeat(30)}...`);
    expect(truncate('')).toBe('');
  });
});

describe('TruncatedText', () => {
  it('shows the cut text, and the whole text as a tooltip on hover', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <TruncatedText text={HEADLINE} />
      </MantineProvider>,
    );
    const short = screen.getByText('Head of Analytical Engines at ...');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(short);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(HEADLINE);
  });

  it('shows a short text as it is, without a tooltip', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <TruncatedText text="US Navy" />
      </MantineProvider>,
    );
    await user.hover(screen.getByText('US Navy'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
