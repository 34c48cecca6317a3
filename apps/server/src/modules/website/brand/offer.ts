import { cutAtWord, sentencesOf, wordCount } from './plain-text';

/** Verbs a company uses to say what it sells ("Acme builds…", "We help…", "Wir entwickeln…", "Nous proposons…"). */
const OFFER_VERB =
  /(?<![\p{L}\p{N}])(build|builds|make|makes|provide|provides|offer|offers|sell|sells|deliver|delivers|develop|develops|design|designs|create|creates|help|helps|automate|automates|turn|turns|power|powers|let|lets|gives?|manufactures?|bietet|bieten|entwickelt|entwickeln|hilft|helfen|liefert|liefern|herstellt|propose|proposons|développe|développons|aide|aidons|offre|offrons|fournit|fournissons|crée|créons|ofrece|ofrecemos|desarrolla|desarrollamos|ayuda|ayudamos|crea|creamos|offriamo|sviluppa|aiuta|biedt|bieden|helpt|helpen|ontwikkelt)(?![\p{L}\p{N}])/iu;
/** Nouns of what is sold ("an all-in-one platform for…"). */
const PRODUCT_NOUN =
  /(?<![\p{L}\p{N}])(platform|software|tool|tools|app|apps|service|services|solution|solutions|product|products|agency|studio|consultancy|system|systems|robots?|plattform|lösung|lösungen|dienstleistungen|plateforme|logiciel|solución|plataforma|servicios)(?![\p{L}\p{N}])/iu;
/** A sentence that sends the reader somewhere, not one that describes the offer. */
const CALL_TO_ACTION =
  /^(book|get|start|try|sign|join|request|contact|learn|read|download|subscribe|watch|see)\b/i;

export const OFFER_MAX_CHARS = 300;

type OfferSource = {
  description: string | null;
  heroHeadings: string[];
  paragraphs: string[];
  company: string;
};

/**
 * What the company sells, in its own words: the sentence that best says so, from the description,
 * then the hero heading and the page's first paragraphs. A sentence scores for an offer verb near its
 * start, a product noun, the company's name, a sensible length, and being the site's description.
 * With no telling sentence: the description, else the hero heading and the sentence after it.
 */
export const deriveOffer = ({ description, heroHeadings, paragraphs, company }: OfferSource): string => {
  const candidates: { text: string; bonus: number }[] = [];
  for (const sentence of sentencesOf(description ?? '')) candidates.push({ text: sentence, bonus: 1 });
  for (const heading of heroHeadings.slice(0, 3)) candidates.push({ text: heading, bonus: 0 });
  for (const paragraph of paragraphs.slice(0, 15)) {
    for (const sentence of sentencesOf(paragraph).slice(0, 3)) candidates.push({ text: sentence, bonus: 0 });
  }
  const companyLower = company.toLowerCase();
  let best: { text: string; score: number } | null = null;
  for (const { text, bonus } of candidates) {
    const words = wordCount(text);
    if (words < 4 || CALL_TO_ACTION.test(text)) continue;
    const opening = text.split(/\s+/).slice(0, 10).join(' ');
    let score = bonus;
    if (OFFER_VERB.test(opening)) score += 2;
    if (PRODUCT_NOUN.test(text)) score += 1;
    if (companyLower && text.toLowerCase().includes(companyLower)) score += 1;
    if (words >= 6 && words <= 40) score += 1;
    if (score >= 3 && (!best || score > best.score)) best = { text, score };
  }
  if (best) return cutAtWord(best.text, OFFER_MAX_CHARS);
  const fallback =
    sentencesOf(description ?? '')[0] ??
    [heroHeadings[0], paragraphs.find((paragraph) => wordCount(paragraph) >= 6)].filter(Boolean).join(' — ');
  return cutAtWord(fallback ?? '', OFFER_MAX_CHARS);
};
