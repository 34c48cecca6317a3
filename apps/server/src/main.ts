import { enableCompileCache } from 'node:module';

// Node keeps the compiled code of the server's modules on disk (in the system's temporary folder) and
// reuses it at the next start instead of compiling them again. Turned on before the modules load, so the
// server is imported, not statically linked, below.
enableCompileCache();

/** `npm run serve`: the HTTP API, and the queues and engine too unless PROCESS_ROLE says otherwise. */
const { runProcess } = await import('./run-process');
runProcess(process.env);
