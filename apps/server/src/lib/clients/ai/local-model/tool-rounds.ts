import type { ChatHistoryItem, GbnfJsonSchema, LlamaGrammar } from 'node-llama-cpp';
import { AiUnusableAnswer } from '../ai-errors';
import { DEFAULT_TOOL_ROUNDS } from '../stream-chat';
import {
  type AiMessage,
  type AiToolDefinition,
  type AiUsage,
  addUsage,
  NO_USAGE,
  type StreamChatRequest,
  type StreamChatResult,
} from '../types';
import { historyOf, type TurnAnswer, type TurnRequest } from './generate-turn';
import type { LoadedModel } from './model-holder';
import { dropNullProperties, optionalAsNull } from './optional-as-null';

/** What the tool rounds need of the provider (create-local-model.ts). */
export type TurnRunner = {
  /** Runs `work` in the queue's turn with the model loaded. */
  withModel: <T>(
    signal: AbortSignal | undefined,
    work: (loaded: LoadedModel) => Promise<T>,
    onQueued?: (ahead: number) => void,
  ) => Promise<T>;
  /** One answer of the model (generate-turn.ts) with the provider's limits and token cap. */
  turn: (
    loaded: LoadedModel,
    request: Omit<TurnRequest, 'maxTokens'> & { maxTokens?: number },
  ) => Promise<TurnAnswer>;
  /** The grammar of a JSON Schema for this model (made once per schema and load). */
  grammarFor: (loaded: LoadedModel, schema: GbnfJsonSchema) => Promise<LlamaGrammar>;
};

/** The decision of a round, as the grammar lets the model write it. */
type Decision = { action: string; arguments?: unknown };

const ANSWER = 'answer';
/**
 * The most tokens a decision may take: the grammar bounds everything but free strings in the arguments,
 * and a call is short (a name and a few arguments), but it must not be cut by an answer's smaller cap.
 */
const DECISION_MAX_TOKENS = 1_024;

/** What the model is told about the tools, added to the system prompt (so every round shares the prefix). */
const toolsPrompt = (tools: AiToolDefinition[]): string =>
  [
    'You can call a tool to look something up before you answer. Tools:',
    ...tools.map(
      (tool) =>
        `- ${tool.name}: ${tool.description} Arguments (JSON Schema): ${JSON.stringify(tool.parameters)}`,
    ),
    `To call a tool, reply with only {"action": "<tool name>", "arguments": {…}}; its result comes back to you. When you have what you need, choose {"action": "${ANSWER}"} and then answer in plain words.`,
  ].join('\n');

/** The app's messages with the tools' description joined to the first system message (or as one). */
const withToolsPrompt = (messages: AiMessage[], tools: AiToolDefinition[]): AiMessage[] => {
  const prompt = toolsPrompt(tools);
  const first = messages[0];
  if (first?.role === 'system')
    return [{ role: 'system', content: `${first.content}\n\n${prompt}` }, ...messages.slice(1)];
  return [{ role: 'system', content: prompt }, ...messages];
};

/** The JSON Schema of a round's decision: answer now, or one tool with arguments of its own schema. */
const decisionSchema = (tools: AiToolDefinition[]): GbnfJsonSchema =>
  ({
    oneOf: [
      { type: 'object', properties: { action: { const: ANSWER } }, required: ['action'] },
      ...tools.map((tool) => ({
        type: 'object',
        properties: { action: { const: tool.name }, arguments: optionalAsNull(tool.parameters) },
        required: ['action', 'arguments'],
      })),
    ],
  }) as unknown as GbnfJsonSchema;

/**
 * A streamed chat answer that may call tools, for models of any chat template. Each round but the last
 * first asks the model for a decision under a grammar made from the tools' own JSON Schemas (answer now,
 * or call one tool with arguments that match its schema): a small model cannot write a malformed call,
 * and no chat template needs a function-calling syntax of its own. When it answers, the answer streams
 * from the same prompt, whose tokens the decision has already read. The tool runs outside the queue's turn
 * (a tool may itself write with the model, and would otherwise wait for its own caller), so the call and
 * its result go back into the history and the next round reads them. The last round offers no tools.
 */
export const streamChatWithTools = async (
  request: StreamChatRequest,
  { withModel, turn, grammarFor }: TurnRunner,
): Promise<StreamChatResult> => {
  const maxRounds = Math.max(1, request.maxRounds ?? DEFAULT_TOOL_ROUNDS);
  const tools = request.tools;
  const history: ChatHistoryItem[] = historyOf(
    tools.length > 0 ? withToolsPrompt(request.messages, tools) : request.messages,
  );
  // historyOf ends with the model's empty turn; tool exchanges go before it.
  const modelTurn = history.pop() as ChatHistoryItem;
  let usage: AiUsage = NO_USAGE;
  const told = (answer: TurnAnswer): void => {
    usage = addUsage(usage, answer.usage);
    request.onUsage?.(answer.usage);
  };

  for (let round = 1; ; round += 1) {
    const mayCall = tools.length > 0 && round < maxRounds;
    type Outcome = { kind: 'call'; call: Decision; raw: string } | { kind: 'answer'; answer: TurnAnswer };
    const outcome = await withModel(
      request.signal,
      async (loaded): Promise<Outcome> => {
        if (mayCall) {
          const grammar = await grammarFor(loaded, decisionSchema(tools));
          const decided = await turn(loaded, {
            history: [...history, modelTurn],
            signal: request.signal,
            timeoutMs: request.timeoutMs,
            grammar,
            maxTokens: DECISION_MAX_TOKENS,
          });
          told(decided);
          const decision = parseDecision(decided.text);
          if (decision.action !== ANSWER) return { kind: 'call', call: decision, raw: decided.text.trim() };
        }
        const answer = await turn(loaded, {
          history: [...history, modelTurn],
          signal: request.signal,
          timeoutMs: request.timeoutMs,
          onDelta: request.onDelta,
        });
        told(answer);
        return { kind: 'answer', answer };
      },
      request.onQueued,
    );
    if (outcome.kind === 'answer') {
      if (!outcome.answer.text.trim()) throw new AiUnusableAnswer('answered no text');
      return { text: outcome.answer.text, usage, finishReason: outcome.answer.finishReason, rounds: round };
    }
    const call = {
      id: `call_${round}`,
      name: outcome.call.action,
      // The grammar let the model write null for an argument it leaves out (optional-as-null.ts).
      arguments: JSON.stringify(dropNullProperties(outcome.call.arguments ?? {})),
    };
    const result = await request.runTool(call);
    history.push(
      { type: 'model', response: [outcome.raw] },
      { type: 'user', text: `Result of ${call.name}: ${result}` },
    );
  }
};

/** The decision the grammar made the model write; cut short (the token limit), it is unusable. */
const parseDecision = (text: string): Decision => {
  try {
    const parsed = JSON.parse(text) as Decision;
    if (typeof parsed?.action === 'string') return parsed;
  } catch {
    // Falls through: the grammar allows nothing else, so only a cut answer fails to parse.
  }
  throw new AiUnusableAnswer('answered malformed JSON');
};
