/**
 * The one phone module: E.164 for storage, one readable form for screens, and "a valid mobile number for its
 * region" as the `phone` format of every schema.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { formatPhone, isMobilePhone, setDefaultPhoneRegion, toE164 } from '../../src/shared/phone/phone.js';
import { isEmailOrPhone } from '../../src/shared/validation/phone-formats.js';

afterEach(() => setDefaultPhoneRegion('BD'));

describe('phone numbers', () => {
  it('reads every usual way of typing one Bangladeshi mobile number as the same E.164 number', () => {
    for (const typed of ['01812345678', '8801812345678', '+880 1812-345678', '+8801812345678', ' 01812 345 678 ']) {
      expect(toE164(typed)).toBe('+8801812345678');
    }
  });

  it('refuses numbers that are not valid mobile numbers for their region', () => {
    for (const typed of ['0291234567', '+8802912345', '01212345678', '123 4567', '', 'abc', '+880']) {
      expect(isMobilePhone(typed)).toBe(false);
      expect(toE164(typed)).toBeUndefined();
    }
    expect(isMobilePhone('+447911123456')).toBe(true);
  });

  it('shows one readable form: country code, a space, the national groups joined by dashes', () => {
    expect(formatPhone('+8801812345678')).toBe('+880 1812-345678');
    expect(formatPhone('01812345678')).toBe('+880 1812-345678');
    expect(formatPhone('+447911123456')).toBe('+44 7911-123456');
    expect(formatPhone(' not a number ')).toBe('not a number');
  });

  it('reads local numbers in the configured default region', () => {
    setDefaultPhoneRegion('IN');
    expect(toE164('09876543210')).toBe('+919876543210');
    expect(toE164('01812345678')).toBeUndefined();
    expect(toE164('+8801812345678')).toBe('+8801812345678');
    expect(toE164('01812345678', 'BD')).toBe('+8801812345678');
  });

  it('lets the sign-in box take an email or a mobile number', () => {
    expect(isEmailOrPhone('rahim@example.com')).toBe(true);
    expect(isEmailOrPhone('01812345678')).toBe(true);
    expect(isEmailOrPhone('rahim@example')).toBe(false);
    expect(isEmailOrPhone('0291234567')).toBe(false);
  });
});
