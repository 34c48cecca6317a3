export { createAiClient } from './ai-client';
export {
  AiAbortedError,
  AiCallError,
  type AiFailureReason,
  AiUnusableAnswer,
  aiFailureReason,
  isAiAborted,
} from './ai-errors';
export { checkGeneratedImage, createImageModel, type GeneratedImage, type ImageModel } from './image-client';
export { recordAiUsage } from './record-ai-usage';
export type * from './types';
