/** Types of phone-formats.js (see there). */
export declare function isMobilePhone(text: string): boolean;
export declare function isEmailOrPhone(text: string): boolean;
