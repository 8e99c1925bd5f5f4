export declare const HEADER: string;
/** The text of `schema.d.ts` for an OpenAPI document (a parsed object). */
export declare function generateTypes(document: unknown): Promise<string>;
