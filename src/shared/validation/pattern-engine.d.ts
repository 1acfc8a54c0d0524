/** Types of pattern-engine.js (see there). */
import type { RE2JS } from 're2js';
export declare function patternRegExp(source: string, flags?: string): { test(text: string): boolean };
export declare function compileRe2(source: string): RE2JS;
export declare function onUnrunnablePattern(listener: (message: string) => void): void;
