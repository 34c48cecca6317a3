import { z } from 'zod';
import {
  fsdProfileUrn,
  indexIncluded,
  parseAnswer,
  pictureUrl,
  resolve,
  unexpected,
  ZIncluded,
  ZVectorImage,
} from './normalized';
import type { Transport } from './transport';
import type { LinkedInMe } from './types';

const ZMeAnswer = z.object({
  data: z.object({ '*miniProfile': z.string() }),
  included: ZIncluded,
});

const ZMiniProfile = z.object({
  entityUrn: z.string(),
  dashEntityUrn: z.string().optional(),
  publicIdentifier: z.string(),
  firstName: z.string(),
  lastName: z.string().default(''),
  occupation: z.string().nullish(),
  picture: ZVectorImage.nullish(),
});

/** `GET /voyager/api/me`: `com.linkedin.voyager.common.Me` pointing at the member's MiniProfile. */
export const fetchMe = async (t: Transport): Promise<LinkedInMe> => {
  const what = 'GET /voyager/api/me';
  const answer = parseAnswer(ZMeAnswer, await t.call('GET', '/voyager/api/me'), what);
  const mini = resolve(indexIncluded(answer.included), answer.data['*miniProfile'], ZMiniProfile);
  if (!mini) throw unexpected(what);
  return {
    profileUrn: fsdProfileUrn(mini.dashEntityUrn ?? mini.entityUrn),
    publicIdentifier: mini.publicIdentifier,
    firstName: mini.firstName,
    lastName: mini.lastName,
    headline: mini.occupation ?? '',
    pictureUrl: pictureUrl(mini.picture),
  };
};
