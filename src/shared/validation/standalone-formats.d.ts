/** Types of standalone-formats.js (see there). */
export declare const formats: Record<string, unknown>;
