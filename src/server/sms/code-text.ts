/**
 * The text message that carries a one-time code, in the person's language. Each is one SMS part (smsSize): the
 * Bengali one is UCS-2, 70 units a part, so it says only what matters — whose code, for what, how long it lasts, and
 * not to share it (OTP fraud by phone is common). The code stays in ASCII digits, as a phone's code autofill reads it.
 */
import type { Language } from '../../shared/i18n/language';
import { PLATFORM_NAME } from '../../shared/agreement/content';

export type CodePurpose = 'verify' | 'reset';

/** The SMS for a code: to verify a phone, or to reset a password. */
export function codeText(code: string, purpose: CodePurpose, language: Language): string {
  if (language === 'bn') {
    return purpose === 'verify'
      ? `${PLATFORM_NAME.bn}: আপনার যাচাই কোড ${code}, ৩ মিনিট বৈধ। কাউকে জানাবেন না।`
      : `${PLATFORM_NAME.bn}: পাসওয়ার্ড রিসেট কোড ${code}, ৩ মিনিট বৈধ। কাউকে জানাবেন না।`;
  }
  return purpose === 'verify'
    ? `Your ${PLATFORM_NAME.en} verification code is ${code}. It expires in 3 minutes. Do not share it.`
    : `Your ${PLATFORM_NAME.en} password reset code is ${code}. It expires in 3 minutes. If you did not ask for it, ignore this message.`;
}
