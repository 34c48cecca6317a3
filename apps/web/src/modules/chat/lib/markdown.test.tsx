import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme';
import { Markdown, safeHref } from './markdown';

const renderMarkdown = (text: string) =>
  render(
    <MantineProvider theme={theme} env="test">
      <Markdown text={text} />
    </MantineProvider>,
  );

describe('the chat Markdown', () => {
  it('makes no element from raw HTML, so nothing in an answer runs', () => {
    const { container } = renderMarkdown(
      'Hello <script>window.pwned = true</script> <img src=x onerror="window.pwned=true"> <b>bold?</b>',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('Hello');
    expect(container.textContent).toContain('bold?');
    expect((window as unknown as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('keeps only http(s) and mailto links, opened in a new tab without a handle on the app', () => {
    const { container } = renderMarkdown(
      'See [the report](https://acme.example/q4) or [this](javascript:alert(1)) or [data](data:text/html,hi) and https://acme.example/raw.',
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://acme.example/q4',
      'https://acme.example/raw',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(screen.getByText('this')).not.toHaveAttribute('href');
    expect(safeHref(' JavaScript:alert(1)')).toBeNull();
    expect(safeHref('mailto:jane@acme.example')).toBe('mailto:jane@acme.example');
  });

  it('renders headings, emphasis, lists, code and tables as elements', () => {
    const { container } = renderMarkdown(
      [
        '## Q4 push',
        '',
        'The campaign is **running** with *steady* replies and `34` accepted.',
        '',
        '- 120 leads',
        '- 34 accepted',
        '',
        '1. Follow up',
        '2. Post',
        '',
        '| Figure | Value |',
        '| --- | --- |',
        '| Leads | 120 |',
        '',
        '```',
        'const <b>x</b> = 1;',
        '```',
      ].join('\n'),
    );
    expect(screen.getByRole('heading', { name: 'Q4 push' })).toBeInTheDocument();
    expect(container.querySelector('strong')?.textContent).toBe('running');
    expect(container.querySelector('em')?.textContent).toBe('steady');
    expect(container.querySelector('ul')?.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('ol')?.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByRole('cell', { name: '120' })).toBeInTheDocument();
    expect(container.querySelector('pre')?.textContent).toBe('const <b>x</b> = 1;');
  });

  it('shows an answer cut in the middle of a code block or a mark without losing text', () => {
    const { container } = renderMarkdown('Here:\n```\nline one\nline t');
    expect(container.textContent).toContain('Here:');
    expect(container.querySelector('pre')?.textContent).toBe('line one\nline t');
    const half = renderMarkdown('It is **runn');
    expect(half.container.querySelector('p')?.textContent).toBe('It is **runn');
  });
});
