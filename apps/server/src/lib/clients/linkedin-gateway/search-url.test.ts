import { describe, expect, it } from 'vitest';
import { InvalidSearchUrlError } from './errors';
import { parsePeopleSearchUrl, peopleSearchVariables } from './search-url';

describe('parsePeopleSearchUrl', () => {
  it('reads keywords, origin and list filters as the search page puts them in its URL', () => {
    const filters = parsePeopleSearchUrl(
      'https://www.linkedin.com/search/results/people/?currentCompany=%5B%221035%22%2C%221441%22%5D&geoUrn=%5B%22103644278%22%5D&keywords=sales%20manager&network=%5B%22F%22%2C%22S%22%5D&origin=FACETED_SEARCH&sid=a1B',
    );
    expect(filters).toEqual({
      keywords: 'sales manager',
      origin: 'FACETED_SEARCH',
      parameters: [
        { key: 'currentCompany', values: ['1035', '1441'] },
        { key: 'geoUrn', values: ['103644278'] },
        { key: 'network', values: ['F', 'S'] },
      ],
      page: 1,
    });
  });

  it.each([
    ['https://linkedin.com/search/results/people?keywords=cto', 'cto'],
    ['https://de.linkedin.com/search/results/people/?keywords=vertrieb', 'vertrieb'],
    ['https://WWW.LinkedIn.com/search/results/people/?keywords=a+b', 'a b'],
    ['http://www.linkedin.com/search/results/people/?keywords=x&page=3', 'x'],
    ['  https://www.linkedin.com/search/results/people/?origin=GLOBAL_SEARCH_HEADER  ', null],
  ])('accepts %s', (url, keywords) => {
    expect(parsePeopleSearchUrl(url).keywords).toBe(keywords);
  });

  it('keeps the page number and turns the "All filters" text fields into one-value filters', () => {
    const f = parsePeopleSearchUrl(
      'https://www.linkedin.com/search/results/people/?titleFreeText=Head%20of%20Sales&firstName=Ann&network=S&page=3',
    );
    expect(f.page).toBe(3);
    expect(f.origin).toBe('FACETED_SEARCH');
    expect(f.parameters).toEqual([
      { key: 'firstName', values: ['Ann'] },
      { key: 'network', values: ['S'] },
      { key: 'title', values: ['Head of Sales'] },
    ]);
  });

  it.each([
    'https://www.linkedin.com/search/results/companies/?keywords=acme',
    'https://www.linkedin.com/search/results/all/?keywords=acme',
    'https://www.linkedin.com/search/results/content/?keywords=acme',
    'https://www.linkedin.com/sales/search/people?query=(keywords%3Aacme)',
    'https://www.linkedin.com/in/someone/',
    'https://evil.com/search/results/people/?keywords=x',
    'https://linkedin.com.evil.com/search/results/people/?keywords=x',
    'https://evillinkedin.com/search/results/people/?keywords=x',
    'https://www.linkedin.com:8443/search/results/people/?keywords=x',
    'https://user:pw@www.linkedin.com/search/results/people/?keywords=x',
    'javascript:alert(1)',
    'javascript://www.linkedin.com/search/results/people/%0Aalert(1)',
    'ftp://www.linkedin.com/search/results/people/',
    'data:text/html,<b>hi</b>',
    'www.linkedin.com/search/results/people/?keywords=x',
    'not a url',
    '',
    '   ',
    'https://www.linkedin.com/search/results/people/?network=%5B%22X%22%5D',
    'https://www.linkedin.com/search/results/people/?geoUrn=%5B%221%20OR%201%22%5D',
    'https://www.linkedin.com/search/results/people/?currentCompany=%5B%22broken',
  ])('refuses %j', (url) => {
    expect(() => parsePeopleSearchUrl(url)).toThrow(InvalidSearchUrlError);
  });
});

describe('peopleSearchVariables', () => {
  it('builds the Rest.li variables of voyagerSearchDashClusters, escaping reserved characters in leaves', () => {
    const filters = parsePeopleSearchUrl(
      'https://www.linkedin.com/search/results/people/?keywords=sales%20manager%20(EMEA)%2C%20B2B&network=%5B%22S%22%5D&geoUrn=%5B%22103644278%22%5D&origin=FACETED_SEARCH',
    );
    expect(peopleSearchVariables(filters, 20)).toBe(
      '(start:20,origin:FACETED_SEARCH,query:(keywords:sales%20manager%20%28EMEA%29%2C%20B2B,flagshipSearchIntent:SEARCH_SRP,' +
        'queryParameters:List((key:geoUrn,value:List(103644278)),(key:network,value:List(S)),(key:resultType,value:List(PEOPLE))),' +
        'includeFiltersInResponse:false))',
    );
  });

  it('leaves keywords out when there are none', () => {
    const filters = parsePeopleSearchUrl(
      'https://www.linkedin.com/search/results/people/?network=%5B%22F%22%5D',
    );
    expect(peopleSearchVariables(filters, 0)).toBe(
      '(start:0,origin:FACETED_SEARCH,query:(flagshipSearchIntent:SEARCH_SRP,queryParameters:List((key:network,value:List(F)),(key:resultType,value:List(PEOPLE))),includeFiltersInResponse:false))',
    );
  });
});
