import { CONNECTION_NOTE_MAX, FOLLOW_UP_MAX } from '@sales-assist/contract';
import {
  type LlmStandIn,
  LONG_NOTE,
  STAND_IN_COMMENT,
  STAND_IN_MESSAGES,
  startLlmStandIn,
} from '@sales-assist/stand-ins/llm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMessageWriter } from './create-message-writer';
import { writeOfflineComment, writeOfflineMessages } from './offline-writer';
import type { MessageBrief, WriterLog } from './types';

const KEY = 'sk-test-secret-key';
const MODEL = 'stand-in-model';

const brief: MessageBrief = {
  templateId: 2,
  goal: 'Advertise a Product',
  tone: 'Casual, Light-Hearted',
  senderName: 'Samantha Reyes',
  senderCompany: 'Brightwave',
  lead: {
    name: 'Priya Natarajan',
    headline: 'Head of Talent at Quantix',
    company: 'Quantix',
    location: 'Bengaluru, Karnataka, India',
    industry: null,
    recentPost: null,
  },
};
const briefOfLead = (name: string): MessageBrief => ({ ...brief, lead: { ...brief.lead, name } });

type Line = { obj: object; msg: string };
const recordingLog = () => {
  const lines: Line[] = [];
  const log: WriterLog = {
    info: (obj, msg) => lines.push({ obj, msg }),
    warn: (obj, msg) => lines.push({ obj, msg }),
  };
  return { log, lines };
};

let standIn: LlmStandIn;
beforeAll(async () => {
  standIn = await startLlmStandIn({ apiKey: KEY, model: MODEL, slowMs: 10_000 });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.setMode('normal');
  standIn.requests.length = 0;
});

const writerFor = (log: WriterLog, overrides: { apiKey?: string; model?: string; timeoutMs?: number } = {}) =>
  createMessageWriter(
    { baseUrl: `${standIn.url}/v1`, apiKey: KEY, model: MODEL, timeoutMs: 5_000, ...overrides },
    log,
  );

describe('LLM writer', () => {
  it('is chosen when an endpoint is configured; the offline writer otherwise', () => {
    const { log } = recordingLog();
    expect(writerFor(log).kind).toBe('llm');
    expect(createMessageWriter(null, log).kind).toBe('offline');
  });

  it('asks once per lead for a JSON object with the three messages and uses them', async () => {
    const { log, lines } = recordingLog();
    const messages = await writerFor(log).writeMessages(brief);
    expect(messages).toEqual(STAND_IN_MESSAGES);
    expect(lines).toEqual([]);
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body.model).toBe(MODEL);
    expect(request?.body.response_format).toEqual({ type: 'json_object' });
    const prompt = request?.body.messages?.map((message) => message.content).join('\n') ?? '';
    for (const expected of [
      'connection_note',
      'follow_up_1',
      'follow_up_2',
      'Asking Engaging Questions then Sell',
      'Ask engaging questions',
      'Advertise a Product',
      'Casual, Light-Hearted',
      'Priya Natarajan',
      'Head of Talent at Quantix',
      'Bengaluru',
      'Samantha Reyes',
      'Brightwave',
      'Sign off as "Samantha"',
      `at most ${CONNECTION_NOTE_MAX} characters`,
      `at most ${FOLLOW_UP_MAX} characters`,
    ]) {
      expect(prompt).toContain(expected);
    }
    // Unknown fields are left out rather than sent as null.
    expect(prompt).not.toMatch(/"industry"|null/);
  });

  it('reads the object out of a Markdown code fence', async () => {
    standIn.setMode('fenced');
    const { log, lines } = recordingLog();
    expect(await writerFor(log).writeMessages(brief)).toEqual(STAND_IN_MESSAGES);
    expect(lines).toEqual([]);
  });

  it('writes a comment as plain text', async () => {
    const { log } = recordingLog();
    const comment = await writerFor(log).writeComment({ ...brief, post: 'Hiring is a team sport.' });
    expect(comment).toBe(STAND_IN_COMMENT);
    const [request] = standIn.requests;
    expect(request?.body.response_format).toBeUndefined();
    expect(request?.body.messages?.map((message) => message.content).join('\n')).toContain(
      'Hiring is a team sport.',
    );
  });

  it('shortens a connection note over 300 characters at a sentence', async () => {
    standIn.setMode('long-note');
    const { log, lines } = recordingLog();
    const messages = await writerFor(log).writeMessages(brief);
    expect(messages.connection_note.length).toBeLessThanOrEqual(CONNECTION_NOTE_MAX);
    expect(messages.connection_note.length).toBeGreaterThan(CONNECTION_NOTE_MAX / 2);
    expect(LONG_NOTE.startsWith(messages.connection_note)).toBe(true);
    expect(messages.connection_note.endsWith('work.')).toBe(true);
    expect(messages.follow_up_1).toBe(STAND_IN_MESSAGES.follow_up_1);
    expect(lines).toEqual([]);
  });

  it('falls back to the offline writer on a timeout, warning once per run', async () => {
    standIn.setMode('slow');
    const { log, lines } = recordingLog();
    const writer = writerFor(log, { timeoutMs: 300 });
    const run = { campaignId: 42, fallbackWarned: false };
    const names = ['Priya Natarajan', 'Tomasz Kowalski', 'Aiko Tanaka'];
    const written = await Promise.all(names.map((name) => writer.writeMessages(briefOfLead(name), run)));
    names.forEach((name, i) => {
      expect(written[i]).toEqual(writeOfflineMessages(briefOfLead(name)));
    });
    // One try and one retry per lead.
    expect(standIn.requests).toHaveLength(names.length * 2);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.obj).toMatchObject({ campaignId: 42, reason: 'timed out' });
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(KEY);
    for (const name of names) expect(logged).not.toContain(name.split(' ')[0]);
  });

  it('falls back on an HTTP error, on malformed JSON and on a refused key', async () => {
    const cases = [
      { mode: 'error', reason: 'answered HTTP 500', options: {} },
      { mode: 'malformed', reason: 'answered malformed JSON', options: {} },
      { mode: 'normal', reason: 'answered HTTP 401', options: { apiKey: 'sk-wrong-key' } },
      { mode: 'normal', reason: 'answered HTTP 404', options: { model: 'no-such-model' } },
    ] as const;
    for (const { mode, reason, options } of cases) {
      standIn.setMode(mode);
      const { log, lines } = recordingLog();
      const run = { campaignId: 7, fallbackWarned: false };
      const writer = writerFor(log, options);
      expect(await writer.writeMessages(brief, run)).toEqual(writeOfflineMessages(brief));
      expect(await writer.writeMessages(briefOfLead('Aiko Tanaka'), run)).toEqual(
        writeOfflineMessages(briefOfLead('Aiko Tanaka')),
      );
      expect(lines, mode).toHaveLength(1);
      expect(lines[0]?.obj).toMatchObject({ campaignId: 7, reason });
      expect(JSON.stringify(lines)).not.toMatch(/sk-|Priya|Aiko/);
      // A new run says it again.
      await writer.writeMessages(brief, { campaignId: 7, fallbackWarned: false });
      expect(lines).toHaveLength(2);
    }
  });

  it('falls back for a comment too', async () => {
    standIn.setMode('malformed');
    const { log, lines } = recordingLog();
    const post = 'Hiring is a team sport.';
    expect(await writerFor(log).writeComment({ ...brief, post })).toBe(
      writeOfflineComment({ ...brief, post }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]?.obj).toMatchObject({ reason: 'answered no text' });
  });
});
