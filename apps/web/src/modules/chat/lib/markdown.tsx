import { Anchor, Blockquote, Code, List, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The chat's answers as Markdown, turned into React elements — never into an HTML string, so nothing a
 * model (or a prompt it repeats) writes can run: a `<script>` or `<img onerror>` shows as its text.
 * A subset that answers use: headings, paragraphs, lists, quotes, fenced code, GFM tables, **bold**,
 * *italic*, `code`, ~~strike~~ and links. Links keep only http(s) and mailto addresses and open in a
 * new tab without a handle on this one (rel="noopener noreferrer").
 */

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

export const safeHref = (href: string): string | null => {
  const trimmed = href.trim();
  return SAFE_LINK.test(trimmed) ? trimmed : null;
};

type TInlineRule = { pattern: RegExp; render: (match: RegExpExecArray, key: string) => ReactNode };

const INLINE_RULES: TInlineRule[] = [
  { pattern: /`([^`\n]+)`/, render: (match, key) => <Code key={key}>{match[1]}</Code> },
  {
    pattern: /\[([^\]\n]+)\]\(([^)\s]+)\)/,
    render: (match, key) => {
      const href = safeHref(match[2] ?? '');
      const label = renderInline(match[1] ?? '', `${key}l`);
      if (!href) return <span key={key}>{label}</span>;
      return (
        <Anchor key={key} href={href} target="_blank" rel="noopener noreferrer">
          {label}
        </Anchor>
      );
    },
  },
  {
    pattern: /(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/,
    render: (match, key) => (
      <Anchor key={key} href={match[1]} target="_blank" rel="noopener noreferrer">
        {match[1]}
      </Anchor>
    ),
  },
  {
    pattern: /\*\*([^*\n]+)\*\*|__([^_\n]+)__/,
    render: (match, key) => <strong key={key}>{renderInline(match[1] ?? match[2] ?? '', key)}</strong>,
  },
  { pattern: /~~([^~\n]+)~~/, render: (match, key) => <s key={key}>{renderInline(match[1] ?? '', key)}</s> },
  {
    pattern: /\*([^*\n]+)\*|(?<![\w])_([^_\n]+)_(?![\w])/,
    render: (match, key) => <em key={key}>{renderInline(match[1] ?? match[2] ?? '', key)}</em>,
  },
];

/** Inline marks: the earliest match wins, its inside is rendered again, the text around it stays text. */
export const renderInline = (text: string, keyPrefix = 'i'): ReactNode[] => {
  const nodes: ReactNode[] = [];
  let rest = text;
  let index = 0;
  while (rest.length > 0) {
    let best: { match: RegExpExecArray; rule: TInlineRule } | null = null;
    for (const rule of INLINE_RULES) {
      const match = rule.pattern.exec(rest);
      if (match && (best === null || match.index < best.match.index)) best = { match, rule };
    }
    if (!best) {
      nodes.push(rest);
      break;
    }
    if (best.match.index > 0) nodes.push(rest.slice(0, best.match.index));
    nodes.push(best.rule.render(best.match, `${keyPrefix}-${index++}`));
    rest = rest.slice(best.match.index + best.match[0].length);
  }
  return nodes;
};

type TBlock =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'list'; ordered: boolean; start: number; items: string[] }
  | { kind: 'quote'; lines: string[] }
  | { kind: 'code'; language: string; text: string }
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'rule' };

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)\s*([\w+-]*)\s*$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

const cellsOf = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

/** Splits the text into blocks. An unclosed fence (an answer still streaming) runs to the end. */
export const parseBlocks = (markdown: string): TBlock[] => {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: TBlock[] = [];
  let i = 0;
  const startsBlock = (line: string, next: string | undefined): boolean =>
    HEADING.test(line) ||
    FENCE.test(line) ||
    BULLET.test(line) ||
    NUMBERED.test(line) ||
    line.trimStart().startsWith('>') ||
    RULE.test(line) ||
    (line.includes('|') && next !== undefined && TABLE_DIVIDER.test(next));
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? '').trim().startsWith(fence[1] ?? '```'))
        body.push(lines[i++] ?? '');
      i++;
      blocks.push({ kind: 'code', language: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({
        kind: 'heading',
        level: (heading[1]?.length ?? 1) as 1 | 2 | 3 | 4 | 5 | 6,
        text: heading[2] ?? '',
      });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ kind: 'rule' });
      i++;
      continue;
    }
    if (line.includes('|') && TABLE_DIVIDER.test(lines[i + 1] ?? '')) {
      const header = cellsOf(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && (lines[i] ?? '').includes('|') && (lines[i] ?? '').trim() !== '')
        rows.push(cellsOf(lines[i++] ?? ''));
      blocks.push({ kind: 'table', header, rows });
      continue;
    }
    if (line.trimStart().startsWith('>')) {
      const quoted: string[] = [];
      while (i < lines.length && (lines[i] ?? '').trimStart().startsWith('>'))
        quoted.push((lines[i++] ?? '').trimStart().replace(/^>\s?/, ''));
      blocks.push({ kind: 'quote', lines: quoted });
      continue;
    }
    const numbered = NUMBERED.exec(line);
    if (BULLET.test(line) || numbered) {
      const ordered = numbered !== null;
      const pattern = ordered ? NUMBERED : BULLET;
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i] ?? '';
        const item = pattern.exec(current);
        if (item) {
          items.push((ordered ? item[2] : item[1]) ?? '');
        } else if (current.trim() !== '' && /^\s{2,}/.test(current) && items.length > 0) {
          // An indented line continues the item above it.
          items[items.length - 1] += ` ${current.trim()}`;
        } else break;
        i++;
      }
      blocks.push({ kind: 'list', ordered, start: Number(numbered?.[1] ?? 1), items });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && (lines[i] ?? '').trim() !== '') {
      if (paragraph.length > 0 && startsBlock(lines[i] ?? '', lines[i + 1])) break;
      paragraph.push(lines[i++] ?? '');
    }
    blocks.push({ kind: 'paragraph', lines: paragraph });
  }
  return blocks;
};

const withLineBreaks = (lines: string[], key: string): ReactNode[] =>
  lines.flatMap((line, index) => [
    // biome-ignore lint/suspicious/noArrayIndexKey: line breaks are positional
    ...(index > 0 ? [<br key={`${key}-br${index}`} />] : []),
    ...renderInline(line, `${key}-${index}`),
  ]);

const renderBlock = (block: TBlock, key: string): ReactNode => {
  switch (block.kind) {
    case 'heading':
      return (
        <Title key={key} order={Math.min(block.level + 2, 6) as 3 | 4 | 5 | 6} mt="xs" mb={4}>
          {renderInline(block.text, key)}
        </Title>
      );
    case 'paragraph':
      return (
        <Text key={key} size="sm" mb="xs">
          {withLineBreaks(block.lines, key)}
        </Text>
      );
    case 'list':
      return (
        <List
          key={key}
          type={block.ordered ? 'ordered' : 'unordered'}
          start={block.ordered ? block.start : undefined}
          size="sm"
          mb="xs"
          withPadding
        >
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity beyond their place
            <List.Item key={index}>{renderInline(item, `${key}-${index}`)}</List.Item>
          ))}
        </List>
      );
    case 'quote':
      return (
        <Blockquote key={key} p="xs" mb="xs">
          <Text size="sm">{withLineBreaks(block.lines, key)}</Text>
        </Blockquote>
      );
    case 'code':
      return (
        <Code key={key} block mb="xs" data-language={block.language || undefined}>
          {block.text}
        </Code>
      );
    case 'table':
      return (
        <Table.ScrollContainer key={key} minWidth={320} mb="xs">
          <Table withTableBorder withColumnBorders fz="sm">
            <Table.Thead>
              <Table.Tr>
                {block.header.map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                  <Table.Th key={index}>{renderInline(cell, `${key}-h${index}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {block.rows.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
                <Table.Tr key={rowIndex}>
                  {block.header.map((_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                    <Table.Td key={index}>
                      {renderInline(row[index] ?? '', `${key}-${rowIndex}-${index}`)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      );
    case 'rule':
      return <hr key={key} />;
  }
};

/** An answer's Markdown as elements (see the top of this file for what is kept safe). */
export const Markdown = ({ text }: { text: string }) => (
  <div className="chat-markdown">
    {parseBlocks(text).map((block, index) => renderBlock(block, `b${index}`))}
  </div>
);
