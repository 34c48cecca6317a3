import { existsSync } from 'node:fs';
import { formatBytes } from '@sales-assist/contract';
import { ConfigError, loadConfig } from '../src/env';
import { DownloadError } from '../src/lib/clients/model-download/download-errors';
import { downloadModel } from '../src/lib/clients/model-download/download-model';
import type { DownloadProgress } from '../src/lib/clients/model-download/download-progress';
import { progressLine } from '../src/lib/clients/model-download/progress-line';
import { systemDiskSpace } from '../src/lib/core/faults/disk-space';

/**
 * `npm run model:pull`: downloads the built-in model into DATA_DIR/models (or LOCAL_MODEL_PATH), from the
 * catalogue or the mirror LOCAL_MODEL_URL names, verified against its SHA-256. Run again after an
 * interruption, it resumes; while the server downloads the same file (the admin area) it refuses. On a
 * terminal the progress is one line redrawn; otherwise (a log, CI) a plain line every tenth of the file.
 * Exit codes: 0 done (or already there), 1 the download failed, 2 a configuration error, 130 interrupted.
 */
const out = process.stdout;
const tty = out.isTTY === true;

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(2);
}
const { path: target, source } = config.localModel;

if (existsSync(target)) {
  console.log(`The built-in model is already at ${target}.`);
  process.exit(0);
}

const size = source.sizeBytes === null ? 'size told by the server' : formatBytes(source.sizeBytes);
console.log(`Downloading ${source.name} (${size})`);
console.log(`  from ${source.url}`);
console.log(`  into ${target}`);
if (config.llm) {
  console.log(
    'Note: LLM_BASE_URL is set, so the server writes with that endpoint; it uses the built-in model once LLM_BASE_URL is unset.',
  );
}

let lastTenth = -1;
let lastPhase = '';
const show = (progress: DownloadProgress): void => {
  if (tty) {
    out.write(`\r\x1b[2K${progressLine(progress)}`);
    return;
  }
  // Without a terminal a redrawn line is noise: one line at each phase and each tenth of the file.
  const tenth =
    progress.bytesTotal && progress.phase === 'downloading'
      ? Math.floor((progress.bytesDone / progress.bytesTotal) * 10)
      : -1;
  if (progress.phase === lastPhase && tenth === lastTenth) return;
  lastPhase = progress.phase;
  lastTenth = tenth;
  out.write(`${progressLine(progress)}\n`);
};

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());

try {
  const result = await downloadModel({
    source,
    target,
    disk: systemDiskSpace,
    by: 'npm run model:pull',
    signal: controller.signal,
    onProgress: show,
  });
  if (tty) out.write('\n');
  console.log(`Verified: SHA-256 ${result.sha256} (${formatBytes(result.bytes)}).`);
  console.log(`The built-in model is at ${result.path}.`);
  console.log(
    config.llm
      ? 'Unset LLM_BASE_URL to write with it.'
      : 'A running server starts using it within a second, without a restart (Admin → AI model shows it); `npm start` uses it from now on.',
  );
  process.exit(0);
} catch (error) {
  if (tty) out.write('\n');
  if (error instanceof DownloadError && error.failure === 'cancelled') {
    console.error('Stopped. What arrived is kept: run `npm run model:pull` again to resume.');
    process.exit(130);
  }
  console.error(`The download failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
