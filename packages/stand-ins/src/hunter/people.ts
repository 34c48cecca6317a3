/**
 * How the Hunter stand-in decides who it knows, from the names alone, so a test or a journey knows the
 * answer without a table: a company's domain is its name's letters and digits with ".com"; a person is
 * unknown when the hash of their name is a multiple of 7, a domain accepts every address when the hash of
 * the domain is a multiple of 5; the confidence score is 60–99 from the address's letters. A test can
 * override each through the stand-in's sets.
 */

/** FNV-1a over the text's UTF-16 units: stable across runs and platforms. */
export const nameHash = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
};

/** The domain Hunter would find for a company name ("Acme Corp" → "acmecorp.com"); null when none. */
export const domainOfCompany = (company: string): string | null => {
  const letters = company
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return letters ? `${letters}.com` : null;
};

const localPart = (text: string): string =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The address the stand-in's pattern gives a person at a domain: first.last@domain. */
export const standInEmailOf = (firstName: string, lastName: string, domain: string): string =>
  `${localPart(firstName)}.${localPart(lastName)}@${domain}`;

export const isKnownByDefault = (firstName: string, lastName: string): boolean =>
  nameHash(`${localPart(firstName)} ${localPart(lastName)}`) % 7 !== 0;

export const acceptsAllByDefault = (domain: string): boolean => nameHash(domain) % 5 === 0;

export const scoreOf = (email: string): number => 60 + (nameHash(email) % 40);
