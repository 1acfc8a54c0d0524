/** Types of phone-formats.browser.js (see there). */
export declare function loadPhoneRule(): Promise<void>;
export declare function isMobilePhone(text: string): boolean;
export declare function isEmailOrPhone(text: string): boolean;
