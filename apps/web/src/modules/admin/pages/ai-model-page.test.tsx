import { ModalsProvider } from '@mantine/modals';
import type { TAdminAiModelResponse, TBuiltInModel, TModelDownload } from '@sales-assist/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { AiModelPage } from './ai-model-page';

const IDLE: TModelDownload = {
  state: 'idle',
  phase: null,
  bytes_done: 0,
  bytes_total: null,
  bytes_per_second: null,
  seconds_left: null,
  error: null,
  started_at: null,
  finished_at: null,
  elsewhere: null,
};

const MODEL: TBuiltInModel = {
  name: 'Qwen3 4B Instruct 2507 (Q4_K_M)',
  licence: 'Apache-2.0',
  url: 'https://huggingface.co/bartowski/Qwen_Qwen3-4B-Instruct-2507-GGUF/resolve/ae44f08/model.gguf',
  sha256: '2fde00ce69dd4899c70d020845e2638353015bba0fdf161b3eb965f2bca4464e',
  size_bytes: 2_497_280_736,
  path: '/srv/sales-assist/data/models/Qwen3-4B-Instruct-2507-Q4_K_M.gguf',
  present: false,
  file_size_bytes: null,
  partial_bytes: 0,
  in_use: false,
  overridden: false,
  runtime: null,
  download: IDLE,
};

const NO_MODEL_PURPOSES: TAdminAiModelResponse['purposes'] = [
  {
    purpose: 'campaign_messages',
    label: 'Campaign messages',
    kind: 'no_model',
    provider: 'Offline message writer (no model)',
    model: null,
  },
  {
    purpose: 'content',
    label: 'Content writing',
    kind: 'no_model',
    provider: 'Outline writer (no model)',
    model: null,
  },
  {
    purpose: 'chat',
    label: 'Chat',
    kind: 'no_model',
    provider: 'Answers from your data (no model)',
    model: null,
  },
  {
    purpose: 'pictures',
    label: 'Pictures',
    kind: 'no_model',
    provider: 'Theme pictures (no image model)',
    model: null,
  },
  {
    purpose: 'keyword_metrics',
    label: 'Keyword metrics',
    kind: 'no_model',
    provider: 'None: keyword ideas carry no search volume or cost',
    model: null,
  },
];

const BUILT_IN_PURPOSES = NO_MODEL_PURPOSES.map((each) =>
  each.purpose === 'pictures' || each.purpose === 'keyword_metrics'
    ? each
    : { ...each, kind: 'built_in' as const, provider: `Built-in model ${MODEL.name}`, model: MODEL.name },
);

const status = (built_in: Partial<TBuiltInModel>, purposes = NO_MODEL_PURPOSES): TAdminAiModelResponse => ({
  purposes,
  built_in: { ...MODEL, ...built_in },
});

const renderPage = () =>
  renderWithApp(
    <ModalsProvider>
      <AiModelPage />
    </ModalsProvider>,
    { path: '/admin/ai-model' },
  );

beforeEach(() => sessionStore.set({ ...SESSION, isAdmin: true }));

describe('AiModelPage', () => {
  it('shows who serves each purpose, downloads with progress read every second, and cancels', async () => {
    let current = status({});
    const running = (bytes: number): TModelDownload => ({
      ...IDLE,
      state: 'running',
      phase: 'downloading',
      bytes_done: bytes,
      bytes_total: MODEL.size_bytes,
      bytes_per_second: 12_000_000,
      seconds_left: 109,
      started_at: '2026-11-28T10:00:00.000Z',
    });
    let reads = 0;
    const api = stubApi({
      'GET /api/admin/ai-model': () => {
        reads += 1;
        if (current.built_in.download.state === 'running') {
          current = status({ download: running(1_200_000_000 + reads * 10_000_000) });
        }
        return { body: current };
      },
      'POST /api/admin/ai-model/download': () => {
        current = status({ download: running(0) });
        return { status: 202, body: current };
      },
      'DELETE /api/admin/ai-model/download': () => {
        current = status({ partial_bytes: 1_300_000_000, download: { ...IDLE, state: 'cancelled' } });
        return { body: current };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    const user = userEvent.setup();

    const purposes = await screen.findByRole('table', { name: 'Who serves each purpose' });
    expect(
      within(purposes).getByRole('row', { name: /Content writing Outline writer \(no model\)/ }),
    ).toBeVisible();
    expect(
      within(purposes).getByRole('row', { name: /Pictures Theme pictures \(no image model\)/ }),
    ).toBeVisible();
    const card = screen.getByRole('region', { name: 'Built-in model' });
    expect(within(card).getByText('Apache-2.0')).toBeVisible();
    expect(within(card).getByText('Not downloaded', { selector: '.mantine-Badge-label' })).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Test the model' })).getByText(/No model writes/),
    ).toBeVisible();

    await user.click(within(card).getByRole('button', { name: 'Download (2.33 GB)' }));

    const bar = await within(card).findByRole('progressbar', { name: 'Download progress' });
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    const before = reads;
    await waitFor(() => expect(reads).toBeGreaterThan(before + 1), { timeout: 4_000 });
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(48));
    expect(within(card).getByText(/1\.1\d GB of 2\.33 GB · 11\.4 MB\/s · 1m 49s left/)).toBeVisible();

    await user.click(within(card).getByRole('button', { name: 'Cancel' }));

    expect(await within(card).findByText(/The download was stopped/)).toBeVisible();
    expect(
      within(card).getByRole('button', { name: 'Resume download (1.21 GB of 2.33 GB done)' }),
    ).toBeVisible();
    const settledReads = reads;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(reads).toBe(settledReads);
  });

  it('shows a failed download’s reason and offers to try again', async () => {
    vi.stubGlobal(
      'fetch',
      stubApi({
        'GET /api/admin/ai-model': {
          body: status({
            download: { ...IDLE, state: 'failed', error: 'The model file is not at https://… (HTTP 404).' },
          }),
        },
      }).fetch,
    );
    renderPage();
    const card = await screen.findByRole('region', { name: 'Built-in model' });
    expect(within(card).getByText('The download failed')).toBeVisible();
    expect(within(card).getByText(/HTTP 404/)).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Download (2.33 GB)' })).toBeEnabled();
  });

  it('deletes a downloaded model after asking, and tests the model with its speed', async () => {
    let current = status(
      {
        present: true,
        file_size_bytes: MODEL.size_bytes,
        in_use: true,
        runtime: { state: 'unloaded', busy: false, waiting: 0 },
        download: { ...IDLE, state: 'done' },
      },
      BUILT_IN_PURPOSES,
    );
    let testCalls = 0;
    const api = stubApi({
      'GET /api/admin/ai-model': () => ({ body: current }),
      'DELETE /api/admin/ai-model/file': () => {
        current = status({});
        return { body: current };
      },
      'POST /api/admin/ai-model/test': () => {
        testCalls += 1;
        return testCalls === 1
          ? {
              body: {
                ok: true,
                provider: `Built-in model ${MODEL.name}`,
                text: 'A marketing assistant writes and schedules your content.',
                first_token_ms: 820,
                total_ms: 2_310,
                completion_tokens: 18,
                tokens_per_second: 11.4,
              },
            }
          : { body: { ok: false, provider: 'x', reason: 'The model timed out.', total_ms: 30_000 } };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderPage();
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'Built-in model' });
    expect(within(card).getByText('Downloaded · in use')).toBeVisible();
    expect(within(card).getByText('Idle (loads at the next request)')).toBeVisible();
    expect(within(card).queryByRole('button', { name: /Download/ })).toBeNull();

    const tester = screen.getByRole('region', { name: 'Test the model' });
    expect(within(tester).getByText(/Sends a short prompt to Built-in model Qwen3/)).toBeVisible();
    await user.click(within(tester).getByRole('button', { name: 'Test' }));
    const answer = await within(tester).findByRole('group', { name: 'Test answer' });
    expect(
      within(answer).getByText('A marketing assistant writes and schedules your content.'),
    ).toBeVisible();
    expect(
      within(answer).getByText(/First token after 0\.82 s · 11\.4 tokens\/s · 18 tokens in 2\.31 s/),
    ).toBeVisible();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      prompt: 'In one sentence, what does a marketing assistant do?',
    });
    await user.click(within(tester).getByRole('button', { name: 'Test' }));
    expect(await within(tester).findByText('The model timed out.')).toBeVisible();

    await user.click(within(card).getByRole('button', { name: 'Delete the file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the built-in model?' });
    expect(within(dialog).getByText(/written without a model until it is downloaded again/)).toBeVisible();
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(card).findByRole('button', { name: 'Download (2.33 GB)' })).toBeVisible();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/admin/ai-model/file',
    ]);
  });

  it('says when another process downloads, and offers a retry when the status cannot be read', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      stubApi({
        'GET /api/admin/ai-model': () =>
          fail
            ? { status: 500, body: { error: 'internal_error', message: 'Something went wrong' } }
            : {
                body: status({
                  download: { ...IDLE, elsewhere: 'npm run model:pull (process 4242) since 10:00' },
                }),
              },
      }).fetch,
    );
    renderPage();
    const user = userEvent.setup();

    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);

    const card = await screen.findByRole('region', { name: 'Built-in model' });
    expect(within(card).getByText(/Being downloaded by npm run model:pull \(process 4242\)/)).toBeVisible();
    expect(within(card).queryByRole('button', { name: /Download/ })).toBeNull();
  });
});
