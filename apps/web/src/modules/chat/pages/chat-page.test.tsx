import { ModalsProvider } from '@mantine/modals';
import { CHAT_LIMITS, type TChat, type TChatMessage } from '@sales-assist/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { CHAT_MEMORY_KEY } from '../hooks/use-chat-memory';
import { ChatPage } from './chat-page';

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

const CHAT_ID = '0c5b0d4e-58f4-4c8e-9d59-5c9b1f8a7a01';
const chat = (id: string, title: string, minute = 0): TChat => ({
  id,
  title,
  created_at: `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`,
  updated_at: `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`,
});
const uuid = (n: number) => `0c5b0d4e-58f4-4c8e-9d59-${String(n).padStart(12, '0')}`;
const message = (
  id: number,
  role: TChatMessage['role'],
  content: string,
  extra: Partial<TChatMessage> = {},
) =>
  ({
    id,
    role,
    content,
    status: 'complete',
    error: null,
    tools: [],
    created_at: '2026-11-23T10:00:00.000Z',
    ...extra,
  }) as TChatMessage;

const json = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** An event stream the test writes to; aborting the fetch ends it, as a browser does. */
const controlledStream = (signal: AbortSignal | null | undefined) => {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start: (own) => {
      controller = own;
    },
  });
  signal?.addEventListener('abort', () => controller?.error(new DOMException('Aborted', 'AbortError')));
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
    send: (data: unknown) => controller?.enqueue(encoder.encode(`data: ${JSON.stringify(data)}\n\n`)),
  };
};

type TCall = { method: string; path: string; search: string; body: unknown; signal?: AbortSignal | null };

/** The chat API at the network boundary; `streams` collects each answer's stream for the test to write. */
const fakeServer = (routes: Record<string, (call: TCall) => Response>) => {
  const calls: TCall[] = [];
  const streams: ReturnType<typeof controlledStream>[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call = {
      method,
      path: url.pathname,
      search: url.search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      signal: init?.signal,
    };
    calls.push(call);
    if (method === 'POST' && /\/api\/chats\/[^/]+\/(messages|regenerate)$/.test(url.pathname)) {
      const stream = controlledStream(init?.signal);
      streams.push(stream);
      return stream.response;
    }
    const key = `${method} ${url.pathname.replace(/\/api\/chats\/[0-9a-f-]{36}/, '/api/chats/:id')}`;
    const route = routes[key];
    return route ? route(call) : json({ error: 'not_found', message: 'Chat not found' }, 404);
  });
  return { calls, streams };
};

const renderChat = (path = '/chat') =>
  renderWithApp(
    <ModalsProvider>
      <ChatPage />
    </ModalsProvider>,
    { path, route: '/chat/:id?' },
  );

const messageBox = () => screen.getByRole('textbox', { name: 'Message' });

beforeEach(() => sessionStore.set(SESSION));

describe('the chat side list', () => {
  it('lists the chats newest first and loads the next page on "Load more"', async () => {
    const server = fakeServer({
      'GET /api/chats': (call) =>
        call.search.includes('cursor=')
          ? json({ chats: [chat(uuid(3), 'Older chat')], next_cursor: null })
          : json({
              chats: [chat(uuid(1), 'Q4 campaign', 5), chat(uuid(2), 'Lead lists', 4)],
              next_cursor: 'c1',
            }),
    });
    renderChat();
    const list = await screen.findByRole('navigation', { name: 'Chats' });
    expect(await within(list).findByRole('button', { name: 'Q4 campaign' })).toBeInTheDocument();
    const titles = () =>
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent)
        .filter((text) => text && !['New Chat', 'Load more', ''].includes(text));
    expect(titles()).toEqual(['Q4 campaign', 'Lead lists']);
    fireEvent.click(within(list).getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('button', { name: 'Older chat' })).toBeInTheDocument();
    expect(titles()).toEqual(['Q4 campaign', 'Lead lists', 'Older chat']);
    expect(server.calls.filter((call) => call.path === '/api/chats').map((call) => call.search)).toEqual([
      '',
      '?cursor=c1',
    ]);
    expect(within(list).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('renames in place: Enter keeps the new title, Escape keeps the old one', async () => {
    const server = fakeServer({
      'GET /api/chats': () => json({ chats: [chat(uuid(1), 'Q4 campaign')], next_cursor: null }),
      'PATCH /api/chats/:id': (call) => json(chat(uuid(1), (call.body as { title: string }).title)),
    });
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Q4 campaign' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const field = await screen.findByRole('textbox', { name: 'Chat title' });
    fireEvent.change(field, { target: { value: 'Throwaway' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(await screen.findByRole('button', { name: 'Q4 campaign' })).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'PATCH')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Q4 campaign' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const again = await screen.findByRole('textbox', { name: 'Chat title' });
    expect(again).toHaveAttribute('maxlength', String(CHAT_LIMITS.titleChars));
    fireEvent.change(again, { target: { value: '  Q4 review  ' } });
    fireEvent.keyDown(again, { key: 'Enter' });
    expect(await screen.findByRole('button', { name: 'Q4 review' })).toBeInTheDocument();
    await waitFor(() =>
      expect(server.calls.find((call) => call.method === 'PATCH')).toMatchObject({
        path: `/api/chats/${uuid(1)}`,
        body: { title: 'Q4 review' },
      }),
    );
  });

  it('deletes a chat after confirming, and the open chat gives way to New Chat', async () => {
    const server = fakeServer({
      'GET /api/chats': () => json({ chats: [chat(CHAT_ID, 'Q4 campaign')], next_cursor: null }),
      'GET /api/chats/:id': () => json({ chat: chat(CHAT_ID, 'Q4 campaign'), messages: [] }),
      'DELETE /api/chats/:id': () => Response.json({ message: 'Chat deleted' }),
    });
    renderChat(`/chat/${CHAT_ID}`);
    await waitFor(() => expect(screen.getByTestId('chat-title')).toHaveTextContent('Q4 campaign'));
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Q4 campaign' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(
      await screen.findByText('"Q4 campaign" and all its messages will be deleted. This cannot be undone.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('No chats yet')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('chat-title')).toHaveTextContent('New Chat'));
  });
});

describe('a conversation', () => {
  it('starts a chat, shows the answer as it streams with its tools, then the title the server wrote', async () => {
    const created = chat(CHAT_ID, 'New Chat', 9);
    const server = fakeServer({
      'GET /api/chats': () => json({ chats: [chat(uuid(2), 'Lead lists')], next_cursor: null }),
      'POST /api/chats': () => json(created),
    });
    const { router } = renderChat();
    expect(await screen.findByText('How is my latest campaign doing?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'How is my latest campaign doing?' }));
    expect(messageBox()).toHaveValue('How is my latest campaign doing?');
    fireEvent.keyDown(messageBox(), { key: 'Enter' });

    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(router.state.location.pathname).toBe(`/chat/${CHAT_ID}`);
    expect(server.calls.find((call) => call.path.endsWith('/messages'))?.body).toEqual({
      content: 'How is my latest campaign doing?',
    });
    expect(messageBox()).toHaveValue('');
    expect(await screen.findByTestId('user-message')).toHaveTextContent('How is my latest campaign doing?');
    expect(await screen.findByText('Thinking…')).toBeInTheDocument();

    const stream = server.streams[0];
    stream?.send({ type: 'start', user_message_id: 1, assistant_message_id: 2 });
    // The built-in model answers others first: the place in line is shown, and moves up.
    stream?.send({ type: 'queued', ahead: 2 });
    expect(await screen.findByText('Waiting for the model: 2 answers ahead of yours')).toBeInTheDocument();
    stream?.send({ type: 'queued', ahead: 1 });
    expect(await screen.findByText('Waiting for the model: yours is next')).toBeInTheDocument();
    // Its turn: the model reads the question before its first word.
    stream?.send({ type: 'queued', ahead: 0 });
    expect(await screen.findByText('Thinking…')).toBeInTheDocument();
    expect(screen.queryByText('Waiting for the model: yours is next')).not.toBeInTheDocument();
    stream?.send({
      type: 'tool',
      tool: { name: 'campaigns', arguments: {}, summary: 'Read campaign “Q4 push”: 120 leads, 34 accepted' },
    });
    stream?.send({ type: 'delta', text: 'Your **Q4 push** has ' });
    expect(await screen.findByText('Read campaign “Q4 push”: 120 leads, 34 accepted')).toBeInTheDocument();
    expect(await screen.findByText('Q4 push', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    stream?.send({ type: 'delta', text: '120 leads.' });
    await waitFor(() =>
      expect(screen.getByTestId('assistant-message')).toHaveTextContent('Your Q4 push has 120 leads.'),
    );

    stream?.send({
      type: 'done',
      message: message(2, 'assistant', 'Your **Q4 push** has 120 leads.', {
        tools: [
          { name: 'campaigns', arguments: {}, summary: 'Read campaign “Q4 push”: 120 leads, 34 accepted' },
        ],
      }),
      title: 'Q4 push progress',
    });
    expect(await screen.findByRole('button', { name: 'Q4 push progress' })).toBeInTheDocument();
    expect(screen.getByTestId('chat-title')).toHaveTextContent('Q4 push progress');
    const list = screen.getByRole('navigation', { name: 'Chats' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent)
        .filter((text) => text === 'Q4 push progress' || text === 'Lead lists'),
    ).toEqual(['Q4 push progress', 'Lead lists']);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy answer' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CHAT_MEMORY_KEY) ?? '{}')).toMatchObject({ lastChatId: CHAT_ID });
  });

  it('Stop aborts the answer and keeps its partial text marked "Stopped"', async () => {
    const server = fakeServer({
      'GET /api/chats': () => json({ chats: [chat(CHAT_ID, 'Q4 campaign')], next_cursor: null }),
      'GET /api/chats/:id': () =>
        json({
          chat: chat(CHAT_ID, 'Q4 campaign'),
          messages: [
            message(1, 'user', 'Write a long summary'),
            message(2, 'assistant', 'Part one of a long', { status: 'stopped' }),
          ],
        }),
    });
    // The first read shows an empty chat; after Stop it is read again from the server (as saved).
    let reads = 0;
    const original = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith(`/api/chats/${CHAT_ID}`) && reads++ === 0)
        return json({ chat: chat(CHAT_ID, 'Q4 campaign'), messages: [] });
      return original(input, init);
    });
    renderChat(`/chat/${CHAT_ID}`);
    expect(await screen.findByText('Ask Sales Assist')).toBeInTheDocument();
    fireEvent.change(messageBox(), { target: { value: 'Write a long summary' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.streams).toHaveLength(1));
    server.streams[0]?.send({ type: 'start', user_message_id: 1, assistant_message_id: 2 });
    server.streams[0]?.send({ type: 'delta', text: 'Part one of a long' });
    expect(await screen.findByText('Part one of a long')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    const signal = server.calls.find((call) => call.path.endsWith('/messages'))?.signal;
    expect(signal?.aborted).toBe(true);
    expect(await screen.findByText('Stopped')).toBeInTheDocument();
    expect(screen.getByTestId('assistant-message')).toHaveAttribute('data-status', 'stopped');
    expect(screen.getByTestId('assistant-message')).toHaveTextContent('Part one of a long');
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));
    expect(screen.getByTestId('assistant-message')).toHaveAttribute('data-status', 'stopped');
  });

  it('opening another chat stops the answer being written in the chat left', async () => {
    const other = uuid(7);
    const server = fakeServer({
      'GET /api/chats': () =>
        json({ chats: [chat(CHAT_ID, 'Q4 campaign', 5), chat(other, 'Lead lists', 4)], next_cursor: null }),
      'GET /api/chats/:id': (call) =>
        json({
          chat: call.path.endsWith(other) ? chat(other, 'Lead lists', 4) : chat(CHAT_ID, 'Q4 campaign', 5),
          messages: call.path.endsWith(other) ? [message(9, 'user', 'Lists question')] : [],
        }),
    });
    const { router } = renderChat(`/chat/${CHAT_ID}`);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Message' }), { target: { value: 'Go on' } });
    fireEvent.keyDown(messageBox(), { key: 'Enter' });
    await waitFor(() => expect(server.streams).toHaveLength(1));
    server.streams[0]?.send({ type: 'start', user_message_id: 1, assistant_message_id: 2 });
    server.streams[0]?.send({ type: 'delta', text: 'Partial' });
    expect(await screen.findByText('Partial')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Lead lists' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${other}`));
    expect(server.calls.find((call) => call.path.endsWith('/messages'))?.signal?.aborted).toBe(true);
    expect(await screen.findByText('Lists question')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    expect(messageBox()).toHaveFocus();
  });

  it('shows a failed answer with its partial text and why it was cut off', async () => {
    const server = fakeServer({
      'GET /api/chats': () => json({ chats: [chat(CHAT_ID, 'Q4 campaign')], next_cursor: null }),
      'GET /api/chats/:id': () => json({ chat: chat(CHAT_ID, 'Q4 campaign'), messages: [] }),
    });
    renderChat(`/chat/${CHAT_ID}`);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Message' }), { target: { value: 'Hello' } });
    fireEvent.keyDown(messageBox(), { key: 'Enter' });
    await waitFor(() => expect(server.streams).toHaveLength(1));
    server.streams[0]?.send({ type: 'start', user_message_id: 1, assistant_message_id: 2 });
    server.streams[0]?.send({ type: 'delta', text: 'Half an' });
    server.streams[0]?.send({
      type: 'error',
      message: message(2, 'assistant', 'Half an', {
        status: 'failed',
        error: 'The AI model stopped answering',
      }),
      error: 'The AI model stopped answering',
    });
    expect(
      await screen.findByText('The answer was cut off: The AI model stopped answering'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('assistant-message')).toHaveTextContent('Half an');
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
  });

  it('Regenerate asks for the last answer again and shows the new one in its place', async () => {
    const server = fakeServer({
      'GET /api/chats': () => json({ chats: [chat(CHAT_ID, 'Q4 campaign')], next_cursor: null }),
      'GET /api/chats/:id': () =>
        json({
          chat: chat(CHAT_ID, 'Q4 campaign'),
          messages: [message(1, 'user', 'Hi'), message(2, 'assistant', 'First answer')],
        }),
    });
    renderChat(`/chat/${CHAT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(server.streams).toHaveLength(1));
    const call = server.calls.find((item) => item.path.endsWith('/regenerate'));
    expect(call).toMatchObject({ method: 'POST', body: undefined });
    expect(screen.queryByText('First answer')).not.toBeInTheDocument();
    server.streams[0]?.send({ type: 'start', user_message_id: 1, assistant_message_id: 3 });
    server.streams[0]?.send({ type: 'delta', text: 'Second answer' });
    server.streams[0]?.send({ type: 'done', message: message(3, 'assistant', 'Second answer'), title: null });
    expect(await screen.findByText('Second answer')).toBeInTheDocument();
    expect(screen.getAllByTestId('assistant-message')).toHaveLength(1);
  });
});

describe('the message box', () => {
  it('sends on Enter only with text, makes a new line on Shift+Enter, and counts near the limit', async () => {
    const server = fakeServer({
      'GET /api/chats': () => json({ chats: [], next_cursor: null }),
    });
    renderChat();
    expect(await screen.findByText('No chats yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.change(messageBox(), { target: { value: '   ' } });
    fireEvent.keyDown(messageBox(), { key: 'Enter' });
    fireEvent.change(messageBox(), { target: { value: 'Line one' } });
    fireEvent.keyDown(messageBox(), { key: 'Enter', shiftKey: true });
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
    expect(screen.queryByTestId('message-counter')).not.toBeInTheDocument();

    fireEvent.change(messageBox(), { target: { value: 'a'.repeat(CHAT_LIMITS.messageChars - 10) } });
    expect(screen.getByTestId('message-counter')).toHaveTextContent('7,990 / 8,000');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    fireEvent.change(messageBox(), { target: { value: 'a'.repeat(CHAT_LIMITS.messageChars + 1) } });
    expect(screen.getByTestId('message-counter')).toHaveTextContent('8,001 / 8,000');
    expect(screen.getByText('A message can have at most 8,000 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.keyDown(messageBox(), { key: 'Enter' });
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('keeps the draft of each chat, and /chat reopens the chat last open', async () => {
    localStorage.setItem(
      CHAT_MEMORY_KEY,
      JSON.stringify({ lastChatId: CHAT_ID, drafts: { [CHAT_ID]: 'Half-written question' } }),
    );
    fakeServer({
      'GET /api/chats': () => json({ chats: [chat(CHAT_ID, 'Q4 campaign')], next_cursor: null }),
      'GET /api/chats/:id': () =>
        json({ chat: chat(CHAT_ID, 'Q4 campaign'), messages: [message(1, 'user', 'Earlier question')] }),
    });
    const { router } = renderChat();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${CHAT_ID}`));
    expect(await screen.findByText('Earlier question')).toBeInTheDocument();
    expect(messageBox()).toHaveValue('Half-written question');
    fireEvent.click(screen.getByRole('button', { name: 'New Chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(messageBox()).toHaveValue('');
    expect(screen.getByTestId('chat-title')).toHaveTextContent('New Chat');
  });

  it('a restored chat that is gone gives way to New Chat', async () => {
    localStorage.setItem(CHAT_MEMORY_KEY, JSON.stringify({ lastChatId: CHAT_ID, drafts: {} }));
    fakeServer({ 'GET /api/chats': () => json({ chats: [], next_cursor: null }) });
    const { router } = renderChat();
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(CHAT_MEMORY_KEY) ?? '{}').lastChatId).toBeNull(),
    );
    expect(await screen.findByText('Ask Sales Assist')).toBeInTheDocument();
  });

  it('says when the chat or the list cannot be read, and tries again on demand', async () => {
    let listReads = 0;
    fakeServer({
      'GET /api/chats': () =>
        listReads++ === 0
          ? json({ error: 'internal', message: 'Something went wrong!' }, 500)
          : json({ chats: [chat(CHAT_ID, 'Q4 campaign')], next_cursor: null }),
      'GET /api/chats/:id': () => json({ error: 'internal', message: 'Something went wrong!' }, 500),
    });
    renderChat(`/chat/${CHAT_ID}`);
    expect(await screen.findByText('Could not load your chats')).toBeInTheDocument();
    expect(await screen.findByText('Could not load this chat')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0] as HTMLElement);
    expect(await screen.findByRole('button', { name: 'Q4 campaign' })).toBeInTheDocument();
  });

  it('a chat that is not there says so and offers a new one', async () => {
    fakeServer({ 'GET /api/chats': () => json({ chats: [], next_cursor: null }) });
    const { router } = renderChat(`/chat/${CHAT_ID}`);
    await waitFor(() => expect(screen.getByTestId('chat-title')).toHaveTextContent('Chat not found'));
    fireEvent.click(screen.getByRole('button', { name: 'Start a new chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });
});
