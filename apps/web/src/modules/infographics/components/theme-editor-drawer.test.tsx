import { INFOGRAPHIC_FIT_HEADER, type TAdminInfographicTheme } from '@sales-assist/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { contentOf, fontOfValue, fontValue, SAMPLE_FIELDS } from '../lib/design-form';
import { ThemeEditorDrawer } from './theme-editor-drawer';

const THEME: TAdminInfographicTheme = {
  id: 7,
  name: 'Harbour',
  design: {
    layout: 'quote',
    size: '1080x1080',
    colors: {
      background: '#0B3B2E',
      surface: '#114C3C',
      text: '#ECFDF5',
      accent: '#FBBF24',
      muted: '#A7C4B5',
    },
    heading_font: { bundled: 'DejaVu Serif' },
    body_font: { bundled: 'Inter' },
    background_asset_id: null,
    background_opacity: 100,
    show_footer: true,
    use_brand_look: false,
  },
  version: 3,
  built_in: false,
  retired: false,
  retired_at: null,
  preview_uri: '/api/infographic-themes/7/preview?v=3',
  updated_at: '2026-11-23T10:00:00.000Z',
};

const FIT = {
  scale: 0.85,
  shrunk: true,
  cut: ['Point 2'],
  dropped: [],
  notes: [
    "The text was drawn at 85% of the design's size to fit.",
    'Point 2 was cut short to fit (it ends with "…").',
  ],
};

// jsdom has no font loading (Mantine's autosizing text box) and no blob: URLs.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => vi.unstubAllGlobals());

/** The server: the preview answers a PNG with its fit header, the rest from the JSON table. */
const withPreview =
  (api: ReturnType<typeof stubApi>, previews: unknown[]) =>
  async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith('/admin/infographics/preview')) {
      previews.push(JSON.parse(String(init?.body)));
      return new Response(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]), {
        status: 200,
        headers: {
          'content-type': 'image/png',
          [INFOGRAPHIC_FIT_HEADER]: encodeURIComponent(JSON.stringify(FIT)),
        },
      });
    }
    return api.fetch(input, init);
  };

describe('design form helpers', () => {
  it('reads the sample fields as content and fonts as select values both ways', () => {
    expect(contentOf({ ...SAMPLE_FIELDS, points: ' One \n\n Two ', stat: ' ' })).toMatchObject({
      points: ['One', 'Two'],
      stat: null,
    });
    expect(fontOfValue(fontValue({ asset_id: 12 }))).toEqual({ asset_id: 12 });
    expect(fontOfValue(fontValue({ bundled: 'DejaVu Sans' }))).toEqual({ bundled: 'DejaVu Sans' });
  });
});

describe('ThemeEditorDrawer', () => {
  it('draws the live preview and lists what was changed to fit; a stale save says so and loads the latest', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    const message =
      'Someone else saved this theme while you were editing it (you edited version 3, it is now version 4). Load the latest version and make your change again.';
    const api = stubApi({
      'GET /api/admin/assets': { body: { assets: [], total: 0, page: 1, page_size: 100 } },
      'PUT /api/admin/infographics/themes/7': {
        status: 409,
        body: { error: 'stale_version', message, current_version: 4 },
      },
    });
    const previews: unknown[] = [];
    vi.stubGlobal('fetch', withPreview(api, previews));
    const latest = vi.fn(async () => ({ ...THEME, name: 'Harbour renamed', version: 4 }));
    const onClose = vi.fn();
    renderWithApp(
      <ThemeEditorDrawer editing={{ mode: 'edit', theme: THEME }} onClose={onClose} latest={latest} />,
    );
    const user = userEvent.setup();

    expect(
      await screen.findByRole('img', { name: 'Live preview of the design' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByText("The text was drawn at 85% of the design's size to fit.")).toBeInTheDocument();
    expect(screen.getByText('Point 2 was cut short to fit (it ends with "…").')).toBeInTheDocument();
    expect(previews[0]).toMatchObject({
      design: { layout: 'quote' },
      content: { headline: SAMPLE_FIELDS.headline },
    });

    // Nothing changed yet: nothing to save.
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const name = screen.getByRole('textbox', { name: /Theme name/ });
    await user.clear(name);
    await user.type(name, 'Harbour at dusk');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ name: 'Harbour at dusk', version: 3 });

    await user.click(screen.getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Theme name/ })).toHaveValue('Harbour renamed'),
    );
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(latest).toHaveBeenCalledWith(7);
  });

  it('a colour half typed is not sent; the preview says what to fix', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    const api = stubApi({
      'GET /api/admin/assets': { body: { assets: [], total: 0, page: 1, page_size: 100 } },
    });
    const previews: unknown[] = [];
    vi.stubGlobal('fetch', withPreview(api, previews));
    renderWithApp(<ThemeEditorDrawer editing={{ mode: 'create' }} onClose={vi.fn()} latest={vi.fn()} />);
    const user = userEvent.setup();
    await screen.findByRole('img', { name: 'Live preview of the design' }, { timeout: 3000 });
    const sent = previews.length;
    const accent = screen.getByRole('textbox', { name: 'Accent' });
    await user.clear(accent);
    await user.type(accent, '#12');
    expect(
      await screen.findByText(/must be a colour like #1A2B3C/, {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(previews.length).toBe(sent);
    expect(screen.getByRole('button', { name: 'Create theme' })).toBeDisabled();
  });

  it('the brand look switch is sent with the preview and the save', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    const api = stubApi({
      'GET /api/admin/assets': { body: { assets: [], total: 0, page: 1, page_size: 100 } },
      'PUT /api/admin/infographics/themes/7': { body: { theme: { ...THEME, version: 4 } } },
    });
    const previews: { design: { use_brand_look: boolean } }[] = [];
    vi.stubGlobal('fetch', withPreview(api, previews));
    renderWithApp(
      <ThemeEditorDrawer editing={{ mode: 'edit', theme: THEME }} onClose={vi.fn()} latest={vi.fn()} />,
    );
    const user = userEvent.setup();
    await screen.findByRole('img', { name: 'Live preview of the design' }, { timeout: 3000 });
    expect(previews.at(-1)?.design.use_brand_look).toBe(false);
    // Testing Library leaves Mantine's switch input out of the accessible tree in jsdom: hidden ones count.
    const brand = screen.getByRole('switch', { name: /brand colours and logo/, hidden: true });
    await user.click(brand);
    await waitFor(() => expect(previews.at(-1)?.design.use_brand_look).toBe(true), { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        design: { use_brand_look: true },
        version: 3,
      }),
    );
  });
});
