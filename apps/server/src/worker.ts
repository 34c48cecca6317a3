import { enableCompileCache } from 'node:module';

// As in main.ts: compiled code kept on disk between starts.
enableCompileCache();

/** `npm run worker`: a process that runs the job queues and the outreach engine and serves no HTTP. */
const { runProcess } = await import('./run-process');
runProcess({ ...process.env, PROCESS_ROLE: 'worker' });
