import type {
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { AiUnusableAnswer } from './ai-errors';
import type { RoundAnswer } from './stream-round';
import { type AiUsage, addUsage, NO_USAGE, type StreamChatRequest, type StreamChatResult } from './types';

/** Requests before the model must answer in words, unless the caller says otherwise. */
export const DEFAULT_TOOL_ROUNDS = 4;
/** Calls of one round that are run; more are answered with an error (a model looping on calls). */
const MAX_CALLS_PER_ROUND = 8;

type ToolParams = Pick<ChatCompletionCreateParamsStreaming, 'tools' | 'tool_choice'>;

/** One request of the conversation: the SDK's messages and tools, answered as a finished round. */
export type ChatRound = (
  messages: ChatCompletionMessageParam[],
  tools: ToolParams,
  onDelta: ((delta: string) => void) | undefined,
) => Promise<RoundAnswer>;

/**
 * The tool-calling loop of a streamed chat answer: each round streams the model's text out as it comes;
 * when the model asks for functions, they run (through the caller's `runTool`), their results go back as
 * `tool` messages after the assistant's own message with its calls, and the next round starts. The last
 * allowed round offers the tools with tool_choice "none", so the model has to answer in words. Each
 * request's usage is told as it ends, as every other call of the client does.
 */
export const streamChatRounds = async (
  request: StreamChatRequest,
  round: ChatRound,
): Promise<StreamChatResult> => {
  const maxRounds = Math.max(1, request.maxRounds ?? DEFAULT_TOOL_ROUNDS);
  const messages: ChatCompletionMessageParam[] = request.messages.map((message) => ({
    role: message.role,
    content: message.content,
  }));
  const tools =
    request.tools.length > 0
      ? request.tools.map((tool) => ({
          type: 'function' as const,
          function: { name: tool.name, description: tool.description, parameters: tool.parameters },
        }))
      : undefined;
  let text = '';
  let usage: AiUsage = NO_USAGE;
  for (let rounds = 1; ; rounds += 1) {
    const last = rounds >= maxRounds;
    // Texts of two rounds ("Let me look that up." then the answer) are kept apart by a blank line.
    let roundText = '';
    const onDelta = (delta: string): void => {
      if (!roundText && text) request.onDelta?.('\n\n');
      roundText += delta;
      request.onDelta?.(delta);
    };
    const answer = await round(
      messages,
      tools ? { tools, tool_choice: last ? 'none' : 'auto' } : {},
      onDelta,
    );
    const used = answer.usage ?? NO_USAGE;
    usage = addUsage(usage, used);
    request.onUsage?.(used);
    if (answer.text) text = text ? `${text}\n\n${answer.text}` : answer.text;
    if (answer.toolCalls.length === 0 || last) {
      if (!text.trim()) throw new AiUnusableAnswer('answered no text');
      return { text, usage, finishReason: answer.finishReason, rounds };
    }
    messages.push({
      role: 'assistant',
      content: answer.text || null,
      tool_calls: answer.toolCalls.map((call) => ({
        id: call.id,
        type: 'function' as const,
        function: { name: call.name, arguments: call.arguments },
      })),
    });
    for (const [index, call] of answer.toolCalls.entries()) {
      const content =
        index < MAX_CALLS_PER_ROUND
          ? await request.runTool(call)
          : JSON.stringify({ error: `At most ${MAX_CALLS_PER_ROUND} tools can be called at once` });
      messages.push({ role: 'tool', tool_call_id: call.id, content });
    }
  }
};
