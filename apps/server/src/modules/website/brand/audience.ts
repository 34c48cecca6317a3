import { cutAtWord } from './plain-text';

/** The heads of audience phrases: who a company sells to. */
const AUDIENCE_NOUNS = [
  'teams',
  'companies',
  'cafés',
  'cafes',
  'offices',
  'businesses',
  'agencies',
  'startups',
  'start-ups',
  'brands',
  'marketers',
  'founders',
  'professionals',
  'developers',
  'engineers',
  'retailers',
  'warehouses',
  '3pls',
  'enterprises',
  'organizations',
  'organisations',
  'manufacturers',
  'shops',
  'stores',
  'creators',
  'freelancers',
  'consultants',
  'recruiters',
  'clinics',
  'hospitals',
  'schools',
  'universities',
  'restaurants',
  'hotels',
  'nonprofits',
  'non-profits',
  'smbs',
  'smes',
  'leaders',
  'managers',
  'owners',
  'sellers',
  'merchants',
  'builders',
  'designers',
  'writers',
  'coaches',
  'families',
  'parents',
  'students',
  'teachers',
  'doctors',
  'lawyers',
  'firms',
  'operators',
  'reps',
  'buyers',
  'investors',
  'landlords',
  'contractors',
  'distributors',
  'wholesalers',
  'carriers',
  // German, French, Spanish, Dutch
  'unternehmen',
  'agenturen',
  'händler',
  'marken',
  'vertriebsteams',
  'betriebe',
  'kmu',
  'mittelstand',
  'équipes',
  'entreprises',
  'agences',
  'pme',
  'marques',
  'commerçants',
  'indépendants',
  'equipos',
  'empresas',
  'agencias',
  'pymes',
  'marcas',
  'tiendas',
  'bedrijven',
  'ondernemers',
];
// German writes its audiences as compounds ("Handwerksbetriebe", "Vertriebsteams"): any letters may lead.
const NOUN_PATTERN = `[\\p{L}-]*(?:${AUDIENCE_NOUNS.join('|')})`;
/** \b only knows ASCII letters; these know "équipes" and "händler" too. */
const START = '(?<![\\p{L}\\p{N}])';
const END = '(?![\\p{L}\\p{N}])';
const LEAD_WORDS = "[\\p{L}\\p{N}&'’-]+";

const PATTERNS = [
  // "built for fast-growing sales teams", "trusted by 2,000 retailers"
  new RegExp(
    `${START}(?:built|designed|made|created|tailored|crafted|perfect|ideal|trusted|loved|used|chosen)\\s+(?:for|by)\\s+((?:${LEAD_WORDS}\\s+){0,4}?(?:${NOUN_PATTERN}))${END}`,
    'giu',
  ),
  // "for sales teams", "für Vertriebsteams", "pour les équipes", "para empresas"
  new RegExp(
    `(?:^|\\s)(?:for|für|pour|para|voor|per)\\s+((?:${LEAD_WORDS}\\s+){0,4}?(?:${NOUN_PATTERN}))(?=$|[\\s.,;:!?)])`,
    'giu',
  ),
  // "supplying specialty coffee to independent cafés"
  new RegExp(
    `${START}(?:supplying|supplies|serving|serves|selling|sells)\\s+(?:${LEAD_WORDS}\\s+){0,5}?to\\s+((?:${LEAD_WORDS}\\s+){0,3}?(?:${NOUN_PATTERN}))${END}`,
    'giu',
  ),
  // "helps recruiters hire faster"
  new RegExp(
    `${START}(?:helps?|empowers?|enables?|hilft|aide|ayuda)\\s+((?:${LEAD_WORDS}\\s+){0,3}?(?:${NOUN_PATTERN}))${END}`,
    'giu',
  ),
];

/** Words that may not start an audience phrase ("for the best teams" → "best teams" is still too vague to trim). */
const LEADING_FILLER =
  /^(?:the|a|an|your|our|all|every|any|les|des|la|le|los|las|die|der|den|alle|of|de)\s+/i;
const NUMBERS = /^[\d.,+]+\s+/;

const INDUSTRIES: [label: string, pattern: RegExp][] = [
  ['logistics', /\b(logistics|warehous\w*|fulfil+ment|supply chain|3pls?)\b/giu],
  ['e-commerce', /\b(e-?commerce|online shops?|online stores?|webshops?)\b/giu],
  ['retail', /\b(retail\w*)\b/giu],
  ['healthcare', /\b(health ?care|clinics?|hospitals?|patients?|medical)\b/giu],
  ['finance', /\b(fintech|banking|banks?|financial services|accounting|accountants?)\b/giu],
  ['insurance', /\b(insurance|insurers?)\b/giu],
  ['real estate', /\b(real estate|property management|realtors?)\b/giu],
  ['manufacturing', /\b(manufactur\w*|factor(?:y|ies))\b/giu],
  ['education', /\b(education|schools?|universit(?:y|ies)|e-?learning|students?)\b/giu],
  ['hospitality', /\b(hospitality|hotels?|restaurants?)\b/giu],
  ['legal', /\b(law firms?|lawyers?|legal services)\b/giu],
  ['construction', /\b(construction|contractors?)\b/giu],
  ['SaaS and software', /\b(saas|software companies)\b/giu],
  ['recruiting', /\b(recruit\w*|hiring|talent acquisition)\b/giu],
  ['marketing', /\b(marketing agenc(?:y|ies)|marketers)\b/giu],
  ['B2B sales', /\b(b2b|sales teams?|sales reps?|outbound)\b/giu],
];

export const AUDIENCE_MAX_CHARS = 300;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Who the company is for: the audience phrases the site uses most ("for sales teams", "built for
 * mid-size warehouses", "helps recruiters…"), at most three, then the industries it names at least
 * twice (or once in its description or headings). Empty when the site does not say.
 */
export const deriveAudience = ({ emphasised, body }: { emphasised: string; body: string }): string => {
  const phrases = new Map<string, { text: string; count: number; first: number }>();
  let order = 0;
  for (const [text, weight] of [
    [emphasised, 2],
    [body, 1],
  ] as const) {
    for (const pattern of PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const phrase = (match[1] ?? '').replace(LEADING_FILLER, '').replace(NUMBERS, '').trim();
        if (phrase.length < 3) continue;
        const key = phrase.toLowerCase();
        const entry = phrases.get(key) ?? { text: phrase, count: 0, first: order++ };
        entry.count += weight;
        phrases.set(key, entry);
      }
    }
  }
  const audience = [...phrases.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .filter((entry, index, all) => {
      const text = entry.text.toLowerCase();
      return !all.slice(0, index).some((other) => {
        const earlier = other.text.toLowerCase();
        return earlier.includes(text) || text.includes(earlier);
      });
    })
    .slice(0, 3)
    .map((entry) => entry.text);

  const industries = INDUSTRIES.filter(([, pattern]) => {
    const inBody = body.match(pattern)?.length ?? 0;
    const inEmphasised = emphasised.match(pattern)?.length ?? 0;
    return inEmphasised >= 1 || inBody >= 2;
  })
    .map(([label]) => label)
    .slice(0, 4);

  const parts: string[] = [];
  if (audience.length > 0) parts.push(capitalise(audience.join(', ')));
  if (industries.length > 0)
    parts.push(`${audience.length > 0 ? 'industries' : 'Industries'}: ${industries.join(', ')}`);
  return cutAtWord(parts.join('; '), AUDIENCE_MAX_CHARS);
};
