/** Hunter's Email Finder and Email Verifier (API v2), stood in for. */
export {
  acceptsAllByDefault,
  domainOfCompany,
  isKnownByDefault,
  scoreOf,
  standInEmailOf,
} from './people';
export {
  HUNTER_TOO_MANY_REQUESTS,
  STAND_IN_HUNTER_KEY,
  standInHunterEnv,
  startHunterStandIn,
} from './server';
export type { HunterCall, HunterFailure, HunterStandIn } from './types';
