import { seededBytes, sha256Of } from './seeded-bytes';
import { startModelFilesStandIn } from './server';

/**
 * A model file served on its own, to try the download by hand (the admin area's AI model page, or
 * `npm run model:pull`) without the internet: `npm -w @sales-assist/stand-ins run model-files -- --port 4720
 * --size 50000000 --rate 2000000` prints the LOCAL_MODEL_URL and LOCAL_MODEL_SHA256 to start the server with.
 * The bytes are seeded noise, so the file downloads and verifies but does not load as a model.
 */
const parseArgs = (argv: string[]): Record<string, string> => {
  const args: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]?.replace(/^--/, '');
    const value = argv[i + 1];
    if (name && value !== undefined) args[name] = value;
  }
  return args;
};

const args = parseArgs(process.argv.slice(2));
const bytes = seededBytes(Number(args.seed ?? 1), Number(args.size ?? 20_000_000));
const standIn = await startModelFilesStandIn({ port: Number(args.port ?? process.env.PORT ?? 4720) });
const path = '/stand-in/model-GGUF/resolve/main/stand-in-model.gguf';
standIn.addFile(path, bytes);
if (args.rate) standIn.setRate(Number(args.rate));
console.log(`Model file stand-in listening at ${standIn.url}`);
console.log(`LOCAL_MODEL_URL=${standIn.urlOf(path)} LOCAL_MODEL_SHA256=${sha256Of(bytes)}`);
const stop = (): void => void standIn.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
