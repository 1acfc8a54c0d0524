/** Types of lazy-formats.js (see there). */
export declare function trackFormatLoading(loading: Promise<unknown>): void;
export declare function formatsLoading(): Promise<void> | undefined;
export declare function onFormatsLoaded(listener: () => void): () => void;
export declare function registerFormatWarmer(format: string, warm: (text: string) => void): void;
export declare function warmFormat(format: unknown, text: string): void;
