import { Anchor, Blockquote, Code, List, Table, Text, Title } from '@mantine/core';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * The chat's answers as Markdown (react-markdown with GitHub's tables, strike-through and bare links),
 * turned into React elements, never into an HTML string: raw HTML a model writes (or a prompt it repeats)
 * is never made into elements (`skipHtml`), so nothing in an answer can run. Links keep only http(s) and
 * mailto addresses and open in a new tab without a handle on this one (rel="noopener noreferrer").
 */

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

export const safeHref = (href: string): string | null => {
  const trimmed = href.trim();
  return SAFE_LINK.test(trimmed) ? trimmed : null;
};

/** An unsafe address is dropped: the link's words stay, as plain text. */
const urlTransform = (url: string): string => safeHref(url) ?? '';

const COMPONENTS: Components = {
  h1: ({ children }) => (
    <Title order={3} mt="sm" mb={4}>
      {children}
    </Title>
  ),
  h2: ({ children }) => (
    <Title order={4} mt="sm" mb={4}>
      {children}
    </Title>
  ),
  h3: ({ children }) => (
    <Title order={5} mt="sm" mb={4}>
      {children}
    </Title>
  ),
  h4: ({ children }) => (
    <Title order={6} mt="xs" mb={4}>
      {children}
    </Title>
  ),
  p: ({ children }) => (
    <Text size="sm" mb="xs" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  ),
  a: ({ href, children }) =>
    href ? (
      <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
        {children}
      </Anchor>
    ) : (
      <span>{children}</span>
    ),
  ul: ({ children }) => (
    <List size="sm" mb="xs" withPadding>
      {children}
    </List>
  ),
  ol: ({ children }) => (
    <List type="ordered" size="sm" mb="xs" withPadding>
      {children}
    </List>
  ),
  li: ({ children }) => <List.Item>{children}</List.Item>,
  blockquote: ({ children }) => (
    <Blockquote p="xs" mb="xs">
      {children}
    </Blockquote>
  ),
  pre: ({ children }) => <div style={{ marginBottom: 8 }}>{children}</div>,
  code: ({ className, children }) =>
    className?.startsWith('language-') || String(children).includes('\n') ? (
      <Code block>{String(children).replace(/\n$/, '')}</Code>
    ) : (
      <Code>{children}</Code>
    ),
  table: ({ children }) => (
    <Table.ScrollContainer minWidth={320} mb="xs">
      <Table withTableBorder withColumnBorders striped fz="sm">
        {children}
      </Table>
    </Table.ScrollContainer>
  ),
  thead: ({ children }) => <Table.Thead>{children}</Table.Thead>,
  tbody: ({ children }) => <Table.Tbody>{children}</Table.Tbody>,
  tr: ({ children }) => <Table.Tr>{children}</Table.Tr>,
  th: ({ children }) => <Table.Th>{children}</Table.Th>,
  td: ({ children }) => <Table.Td>{children}</Table.Td>,
  img: ({ alt }) => <span>{alt}</span>,
};

export const Markdown = ({ text }: { text: string }) => (
  <ReactMarkdown remarkPlugins={[remarkGfm]} components={COMPONENTS} skipHtml urlTransform={urlTransform}>
    {text}
  </ReactMarkdown>
);
