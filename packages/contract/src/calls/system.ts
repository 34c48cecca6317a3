import { ZAppConfigResponse, ZHealthAnswer } from '../system';
import { call } from './call';

/** The system calls. */
export const systemCalls = {
  getHealth: call({ method: 'GET', path: '/api/health', response: ZHealthAnswer }),
  getConfig: call({ method: 'GET', path: '/api/config', response: ZAppConfigResponse }),
};
