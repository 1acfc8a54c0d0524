import { describe, expect, it } from 'vitest';
import { fillPath, MissingParameterError } from '../../src/client/lib/template';

describe('config path placeholders', () => {
  const query = new URLSearchParams('project=abc-1&id=7');
  it('fills query, state and response values, encoded', () => {
    expect(fillPath('/projects/{query.project}/agreement-requests', { query })).toBe('/projects/abc-1/agreement-requests');
    expect(fillPath('/x/{state.phone}', { state: { phone: '+880 17' } })).toBe('/x/%2B880%2017');
    expect(fillPath('/projectDetails?id={response.id}', { response: { id: 'p1' } })).toBe('/projectDetails?id=p1');
  });

  it('drops an optional query pair that is absent', () => {
    expect(fillPath('/offers?projectId={query.project?}', { query })).toBe('/offers?projectId=abc-1');
    expect(fillPath('/offers?projectId={query.project?}', { query: new URLSearchParams() })).toBe('/offers');
    expect(fillPath('/offers?a={query.none?}&b={query.id}', { query })).toBe('/offers?b=7');
  });

  it('refuses a missing required value', () => {
    expect(() => fillPath('/agreement-requests/{query.request}/accept', { query })).toThrow(MissingParameterError);
  });
});
