import type { TInputKind } from '@sales-assist/contract';

/** Query keys of Inputs; everything under INPUTS_KEY is refreshed after a change. */
export const INPUTS_KEY = ['inputs'] as const;
export const INPUTS_SUMMARY_KEY = [...INPUTS_KEY, 'summary'] as const;
export const inputsListKey = (kind: TInputKind) => [...INPUTS_KEY, 'list', kind] as const;
export const inputKey = (id: number) => [...INPUTS_KEY, 'one', id] as const;
