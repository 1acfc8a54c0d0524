/** Types of standalone-formats.js (see there). */
export declare const formats: Record<string, unknown>;
export declare const FORMATS_GLOBAL: string;
export declare function shareFormats(): void;
export { patternRegExp } from './pattern-engine.js';
