import { runProcess } from './run-process';

/** `npm run worker`: a process that runs the job queues and the outreach engine and serves no HTTP. */
runProcess({ ...process.env, PROCESS_ROLE: 'worker' });
