export declare const JSON_NESTING_LIMIT: number;
export declare const JSON_ELEMENT_LIMIT: number;
export type JsonBodyFault = 'nul' | 'nesting' | 'elements';
export declare function scanJsonBody(bytes: Buffer): JsonBodyFault | null;
