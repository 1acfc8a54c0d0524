/**
 * The answer type of an API call, read from its method and path (types only, generated from the routes' response
 * schemas: src/shared/generated/api-types.ts). `api.get(`/projects/${id}`)` is typed by the operation
 * `GET /projects/{id}`: the path's segments are matched against the document's, a `{param}` taking any one segment,
 * and a query string is ignored. A path the document does not name (or a plain `string`) answers `unknown`.
 */
import type { ApiAnswers } from '../../shared/generated/api-types';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The answer of one operation, by its name in the document: `ApiAnswer<'GET /me/agreement-requests'>`. */
export type ApiAnswer<K extends keyof ApiAnswers> = ApiAnswers[K];

/** One item of a list answer (`{ items: [...] }`). */
export type ApiItem<K extends keyof ApiAnswers> = ApiAnswers[K] extends { items: (infer I)[] } ? I : never;

type WithoutQuery<P extends string> = P extends `${infer Path}?${string}` ? Path : P;

type Segments<P extends string> = P extends `${infer Head}/${infer Rest}` ? [Head, ...Segments<Rest>] : [P];

type SegmentsMatch<A extends string[], P extends string[]> = A extends [infer A0 extends string, ...infer AR extends string[]]
  ? P extends [infer P0 extends string, ...infer PR extends string[]]
    ? P0 extends `{${string}}`
      ? SegmentsMatch<AR, PR>
      : A0 extends P0
        ? SegmentsMatch<AR, PR>
        : false
    : false
  : P extends []
    ? true
    : false;

/** The operations of this method whose path pattern the path fits. */
type Matching<M extends Method, P extends string> = {
  [K in keyof ApiAnswers]: K extends `${M} ${infer Pattern}` ? (SegmentsMatch<Segments<P>, Segments<Pattern>> extends true ? K : never) : never;
}[keyof ApiAnswers];

/** The operation a call names: the one written exactly so (`/projects/mine` before `/projects/{id}`), else the matching ones. */
type Operation<M extends Method, P extends string> = `${M} ${P}` extends keyof ApiAnswers ? `${M} ${P}` : Matching<M, P>;

/** What a call to `path` with `method` answers (`unknown` for a path not known as a literal). */
export type AnswerOf<M extends Method, P extends string> = string extends P
  ? unknown
  : [Operation<M, WithoutQuery<P>>] extends [never]
    ? unknown
    : ApiAnswers[Operation<M, WithoutQuery<P>>];
