export declare const PIECE_LIMIT: number;
export declare function isExactCut(text: string, index: number): boolean;
export declare function cutAfter(text: string, start: number, limit: number): number;
export declare function countTokensInPieces(text: string): number;
export declare function lastExactCut(text: string): number;
