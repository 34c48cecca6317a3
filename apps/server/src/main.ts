import { runProcess } from './run-process';

/** `npm run serve`: the HTTP API, and the queues and engine too unless PROCESS_ROLE says otherwise. */
runProcess(process.env);
