/** What the sandboxes share: their world file, its debounced saving, their server and their start from a shell. */
export { type CliSettings, runSandboxCli } from './cli';
export { debounced } from './debounced';
export { afterEachCall, type SandboxServerOptions, sandboxServer, sandboxUrl } from './server';
export { type KeptJson, keptJson } from './world-file';
