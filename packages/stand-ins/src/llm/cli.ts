import { startLlmStandIn } from './server';
import type { StandInMode } from './types';

/**
 * The stand-in model on its own (the web's journeys started by hand, a person trying the app), listening
 * until stopped: `npm -w @sales-assist/stand-ins run llm -- --port 4010 --key test-key --model gpt-4o-mini`
 * (also --mode and --chunk-delay); point LLM_BASE_URL at the /v1 it prints.
 */
const parseArgs = (argv: string[]): Record<string, string> => {
  const args: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const name = argv[i]?.replace(/^--/, '');
    const value = argv[i + 1];
    if (name && value !== undefined) args[name] = value;
    i += 1;
  }
  return args;
};

const args = parseArgs(process.argv.slice(2));
const standIn = await startLlmStandIn({
  port: Number(args.port ?? process.env.PORT ?? 4010),
  ...(args.key ? { apiKey: args.key } : {}),
  ...(args.model ? { model: args.model } : {}),
});
if (args.mode) standIn.setMode(args.mode as StandInMode);
if (args['chunk-delay']) standIn.setChunkDelay(Number(args['chunk-delay']));
console.log(`LLM stand-in listening at ${standIn.url}/v1`);
const stop = (): void => void standIn.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
