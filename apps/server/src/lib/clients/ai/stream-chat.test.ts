import { describe, expect, it } from 'vitest';
import { type ChatRound, streamChatRounds } from './stream-chat';
import type { AiToolCall, AiUsage } from './types';

const USAGE = { promptTokens: 10, completionTokens: 5 };
const tools = [
  { name: 'get_campaigns', description: 'Campaigns', parameters: { type: 'object', properties: {} } },
];

/** A model that always asks for the tool (a looping model) and writes `text` each round. */
const loopingModel = (text: string) => {
  const seen: { messages: unknown[]; tool_choice: unknown }[] = [];
  const round: ChatRound = async (messages, params, onDelta) => {
    seen.push({ messages: structuredClone(messages), tool_choice: params.tool_choice });
    if (text) onDelta?.(text);
    const calls: AiToolCall[] =
      params.tool_choice === 'none'
        ? []
        : [{ id: `call_${seen.length}`, name: 'get_campaigns', arguments: '{}' }];
    return { text, toolCalls: calls, finishReason: calls.length ? 'tool_calls' : 'stop', usage: USAGE };
  };
  return { round, seen };
};

describe('streamChatRounds', () => {
  it('feeds tool results back round by round and makes the last request answer in words', async () => {
    const model = loopingModel('Checking.');
    const deltas: string[] = [];
    const usages: AiUsage[] = [];
    const ran: string[] = [];
    const result = await streamChatRounds(
      {
        messages: [{ role: 'user', content: 'How is Q4?' }],
        tools,
        maxRounds: 3,
        runTool: async (call) => {
          ran.push(call.id);
          return JSON.stringify({ leads: 10 });
        },
        onDelta: (delta) => deltas.push(delta),
        onUsage: (usage) => usages.push(usage),
      },
      model.round,
    );
    expect(model.seen.map((each) => each.tool_choice)).toEqual(['auto', 'auto', 'none']);
    expect(ran).toEqual(['call_1', 'call_2']);
    // The third request read both rounds: each assistant message with its call, then the tool's result.
    expect(model.seen[2]?.messages).toEqual([
      { role: 'user', content: 'How is Q4?' },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_campaigns', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"leads":10}' },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          { id: 'call_2', type: 'function', function: { name: 'get_campaigns', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_2', content: '{"leads":10}' },
    ]);
    expect(result.text).toBe('Checking.\n\nChecking.\n\nChecking.');
    expect(deltas.join('')).toBe(result.text);
    expect(result.rounds).toBe(3);
    expect(usages).toEqual([USAGE, USAGE, USAGE]);
    expect(result.usage).toEqual({ promptTokens: 30, completionTokens: 15 });
  });

  it('refuses an answer with no text at all', async () => {
    const model = loopingModel('');
    await expect(
      streamChatRounds(
        { messages: [{ role: 'user', content: 'Hi' }], tools, maxRounds: 2, runTool: async () => '{}' },
        model.round,
      ),
    ).rejects.toMatchObject({ reason: 'answered no text' });
  });

  it('sends no tools at all when none are given', async () => {
    const model = loopingModel('Hello.');
    const result = await streamChatRounds(
      { messages: [{ role: 'user', content: 'Hi' }], tools: [], runTool: async () => '{}' },
      async (messages, params, onDelta) => {
        expect(params).toEqual({});
        return model.round(messages, { tool_choice: 'none' }, onDelta);
      },
    );
    expect(result).toMatchObject({ text: 'Hello.', rounds: 1 });
  });
});
