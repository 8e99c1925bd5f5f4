/**
 * The API contract as types, from the server's OpenAPI document (`schema.d.ts`, generated
 * by `npm run gen:api`): paths without the `/api/v1` base, and for a path and a method
 * its path parameters, query, JSON request body and success bodies. The API client's
 * typed helpers (`api.get` …) take these, so a call names a route the server has, with
 * the parameters and body it reads, and its zod schema must accept every body the
 * server may answer — the contract is typed once, on the server.
 */
import type { z } from 'zod';

import type { components, paths as ServerPaths } from './schema';

/** The server's component schemas (response and request shapes) by name. */
export type Schemas = components['schemas'];

type Base = '/api/v1';

/** The API's paths as the client writes them, e.g. `/accounts/me/`. */
type Routes = {
  [K in keyof ServerPaths as K extends `${Base}${infer Path}` ? Path : never]: ServerPaths[K];
};

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Paths with an operation for `M`. */
export type PathWith<M extends HttpMethod> = {
  [P in keyof Routes]: Routes[P] extends Record<M, infer Op>
    ? [Op] extends [never]
      ? never
      : Op extends undefined
        ? never
        : P
    : never;
}[keyof Routes];

export type Operation<P extends keyof Routes, M extends HttpMethod> = NonNullable<Routes[P][M]>;

type JsonBody<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;

type Responses<P extends PathWith<M>, M extends HttpMethod> =
  Operation<P, M> extends { responses: infer R } ? R : never;

/** Every JSON body a 2xx answer of the operation may carry. */
export type ResponseOf<P extends PathWith<M>, M extends HttpMethod> = {
  [S in keyof Responses<P, M>]: S extends 200 | 201 | 202 ? JsonBody<Responses<P, M>[S]> : never;
}[keyof Responses<P, M>];

type RequestBody<P extends PathWith<M>, M extends HttpMethod> = NonNullable<
  Operation<P, M>['requestBody']
>;

/** The JSON request body; `never` when the operation reads none (or a multipart form). */
export type RequestBodyOf<P extends PathWith<M>, M extends HttpMethod> = [
  RequestBody<P, M>,
] extends [never]
  ? never
  : RequestBody<P, M> extends { content: { 'application/json': infer Body } }
    ? Body
    : never;

/** Whether the operation reads a multipart form (uploads). */
type ReadsForm<P extends PathWith<M>, M extends HttpMethod> = [RequestBody<P, M>] extends [never]
  ? false
  : RequestBody<P, M> extends { content: { 'multipart/form-data': unknown } }
    ? true
    : false;

type Parameters<P extends PathWith<M>, M extends HttpMethod> =
  Operation<P, M> extends { parameters: infer Params } ? Params : never;

/** `{workspace_id: string}` for `/accounting/workspaces/{workspace_id}/…`; `undefined` when none. */
export type PathParamsOf<P extends PathWith<M>, M extends HttpMethod> =
  Parameters<P, M> extends { path: infer Path } ? Path : undefined;

/**
 * The query parameters the server reads. Names are checked; values are whatever the UI
 * holds (the server parses text and answers a field error for a bad value).
 */
export type QueryOf<P extends PathWith<M>, M extends HttpMethod> =
  Parameters<P, M> extends { query?: infer Query }
    ? [NonNullable<Query>] extends [never]
      ? Record<string, never>
      : { [K in keyof NonNullable<Query>]?: string | number | boolean | null | undefined }
    : Record<string, never>;

type PathOption<P extends PathWith<M>, M extends HttpMethod> = [PathParamsOf<P, M>] extends [
  undefined,
]
  ? { params?: undefined }
  : { params: { [K in keyof NonNullable<PathParamsOf<P, M>>]: string } };

type BodyOption<P extends PathWith<M>, M extends HttpMethod> =
  ReadsForm<P, M> extends true
    ? { body: FormData }
    : [RequestBodyOf<P, M>] extends [never]
      ? { body?: undefined }
      : { body: RequestBodyOf<P, M> };

/** What a typed call sends besides its path: path parameters, query and body. */
export type CallOf<P extends PathWith<M>, M extends HttpMethod> = PathOption<P, M> &
  BodyOption<P, M> & { query?: QueryOf<P, M> };

/** Shown by the compiler where a zod schema rejects a body the API may send. */
export interface ContractMismatch<Api, Parsed> {
  'the zod schema does not accept every body the API may answer': { api: Api; schema: Parsed };
}

/**
 * `unknown` when every success body of the operation passes `S` (checked on the schema's
 * input type); otherwise a `ContractMismatch` that makes the call fail to compile.
 */
export type Accepts<P extends PathWith<M>, M extends HttpMethod, S extends z.ZodType> = [
  ResponseOf<P, M>,
] extends [z.input<S>]
  ? unknown
  : ContractMismatch<ResponseOf<P, M>, z.input<S>>;

/** `/accounting/workspaces/{workspace_id}/` with its parameters filled in (each encoded). */
export function fillPath(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${template}`);
    return encodeURIComponent(value);
  });
}
