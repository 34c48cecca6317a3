/** Query keys of Prospect Research; everything under RESEARCH_KEY is refreshed after a card is written. */
export const RESEARCH_KEY = ['prospect-research'] as const;
export const researchLeadsKey = (q: string) => [...RESEARCH_KEY, 'leads', q] as const;
export const leadResearchKey = (leadId: number) => [...RESEARCH_KEY, 'lead', leadId] as const;
export const RESEARCH_RUNS_KEY = [...RESEARCH_KEY, 'runs'] as const;
