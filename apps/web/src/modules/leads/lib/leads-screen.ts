/**
 * Spec §2: the Leads section switches screens by an internal page number, not by URL.
 * 1 lists, 2 all leads, 3 import from CSV, 4 import from LinkedIn, 5 targeted search.
 */
export type TLeadsScreen = 1 | 2 | 3 | 4 | 5;

export type TGoTo = (screen: TLeadsScreen) => void;
