import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ME } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { TimeZoneForm } from './time-zone-form';
import { timeZoneLabel, timeZoneNames } from './time-zone-options';

/** PUT /api/me answers with the account as saved; the sent bodies are kept. */
const stubUpdateMe = () => {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as { time_zone?: string | null };
    sent.push(body);
    return new Response(JSON.stringify({ ...ME, time_zone: body.time_zone ?? null }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return sent;
};

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe('the time zone in Settings', () => {
  it("lists the browser's IANA zones with their offset, and keeps a saved zone this browser does not list", () => {
    expect(timeZoneNames(null)).toContain('Europe/Paris');
    expect(timeZoneNames(null)).toContain('UTC');
    expect(timeZoneNames('Asia/Calcutta')).toContain('Asia/Calcutta');
    expect(timeZoneLabel('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe(
      'America/New York (GMT-5)',
    );
  });

  it('shows "Use my browser\'s zone" when none is chosen, finds a zone by typing, and saves it', async () => {
    const sent = stubUpdateMe();
    renderWithApp(<TimeZoneForm timeZone={null} />);
    const select = screen.getByRole('combobox', { name: 'Time zone' });
    expect(select).toHaveValue(`Use my browser's zone: ${timeZoneLabel(browserZone)}`);
    expect(screen.getByRole('button', { name: 'Save time zone' })).toBeDisabled();

    // One change event rather than a keystroke each: every keystroke filters some 400 zones in jsdom.
    await userEvent.click(select);
    fireEvent.change(select, { target: { value: 'Tokyo' } });
    await userEvent.click(await screen.findByRole('option', { name: /^Asia\/Tokyo/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    await waitFor(() => expect(sent).toEqual([{ time_zone: 'Asia/Tokyo' }]));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
  }, 20_000);

  it('finds a zone by its IANA spelling, underscores and all', async () => {
    renderWithApp(<TimeZoneForm timeZone={null} />);
    const select = screen.getByRole('combobox', { name: 'Time zone' });
    await userEvent.click(select);
    fireEvent.change(select, { target: { value: 'New_York' } });
    expect(await screen.findByRole('option', { name: /^America\/New York/ })).toBeInTheDocument();
    fireEvent.change(select, { target: { value: 'america/new_york' } });
    expect(await screen.findByRole('option', { name: /^America\/New York/ })).toBeInTheDocument();
  }, 20_000);

  it("goes back to the browser's zone by saving none", async () => {
    const sent = stubUpdateMe();
    renderWithApp(<TimeZoneForm timeZone="Asia/Tokyo" />);
    const select = screen.getByRole('combobox', { name: 'Time zone' });
    expect(select).toHaveValue('Asia/Tokyo (GMT+9)');
    await userEvent.click(select);
    fireEvent.change(select, { target: { value: 'browser' } });
    await userEvent.click(await screen.findByRole('option', { name: /^Use my browser's zone/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    await waitFor(() => expect(sent).toEqual([{ time_zone: null }]));
  }, 20_000);
});
