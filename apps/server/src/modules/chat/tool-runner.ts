import type { TChatToolUse } from '@sales-assist/contract';
import { z } from 'zod';
import type { AiToolCall, AiToolDefinition } from '../../lib/clients/ai';
import { isAiAborted } from '../../lib/clients/ai';
import { type ChatTool, type ChatToolContext, chatTools } from './tools';

/** Each tool as an OpenAI function: its zod parameters as JSON Schema (made once, they never change). */
const definitions = new Map<readonly ChatTool<unknown>[], AiToolDefinition[]>();
export const toolDefinitions = (tools: readonly ChatTool<unknown>[] = chatTools): AiToolDefinition[] => {
  const known = definitions.get(tools);
  if (known) return known;
  const made = tools.map((tool) => {
    const { $schema: _dialect, ...parameters } = z.toJSONSchema(tool.parameters, { io: 'input' }) as Record<
      string,
      unknown
    >;
    return { name: tool.name, description: tool.description, parameters };
  });
  definitions.set(tools, made);
  return made;
};

type Log = { error: (object: object, message: string) => void };

/**
 * Runs the model's tool calls for one answer, always as the signed-in caller (ctx.userId: nothing the model
 * writes can change whose data is read). Bad calls (unknown tool, malformed or invalid arguments, a tool
 * that fails) are answered with an error the model can read, so it can try again or say so; each call that
 * ran is told to `onUse` (the stream's `tool` event) with its short summary.
 */
export const createToolRunner = (
  ctx: ChatToolContext,
  onUse: (use: TChatToolUse) => void,
  log: Log,
  tools: readonly ChatTool<unknown>[] = chatTools,
) => {
  const uses: TChatToolUse[] = [];
  const run = async (call: AiToolCall): Promise<string> => {
    const tool = tools.find((each) => each.name === call.name);
    if (!tool) return JSON.stringify({ error: `There is no tool named ${call.name}` });
    let raw: unknown;
    try {
      raw = call.arguments.trim() ? JSON.parse(call.arguments) : {};
    } catch {
      return JSON.stringify({ error: 'The arguments were not valid JSON' });
    }
    const parsed = tool.parameters.safeParse(raw);
    if (!parsed.success) {
      return JSON.stringify({
        error: `Invalid arguments: ${parsed.error.issues[0]?.message ?? 'wrong shape'}`,
      });
    }
    try {
      const { result, summary } = await tool.run(ctx, parsed.data);
      const use = {
        name: tool.name,
        // What the tool ran with (its schema's view: a field it does not know, such as a user id, is gone).
        arguments: (parsed.data && typeof parsed.data === 'object' ? parsed.data : {}) as Record<
          string,
          unknown
        >,
        summary,
      };
      uses.push(use);
      onUse(use);
      return JSON.stringify(result);
    } catch (error) {
      if (isAiAborted(error) || ctx.signal?.aborted) throw error;
      log.error({ err: error, tool: tool.name }, 'a chat tool failed');
      return JSON.stringify({
        error: 'The tool failed; tell the user this could not be looked up right now',
      });
    }
  };
  return { run, uses };
};
