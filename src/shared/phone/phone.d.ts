/** Types of phone.js (plain JavaScript so the precompiled validators can require it; see there). */
export declare const PHONE_REGION_META: string;
export declare function setDefaultPhoneRegion(next: string): void;
export declare function defaultPhoneRegion(): string;
export declare function toE164(text: string, inRegion?: string): string | undefined;
export declare function isMobilePhone(text: string): boolean;
export declare function formatPhone(text: string): string;
