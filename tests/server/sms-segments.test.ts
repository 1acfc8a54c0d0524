/** How many parts an SMS takes, and the code messages each fit one in every language. */
import { describe, expect, it } from 'vitest';
import { smsSize } from '../../src/server/sms/segments';
import { codeText } from '../../src/server/sms/code-text';

describe('SMS parts', () => {
  it('counts GSM-7 text in septets, 160 in one part and 153 a part after', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSize('[]'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 320, segments: 3 });
  });

  it('makes the whole text UCS-2 for one Bengali character: 70 in one part, 67 a part after', () => {
    expect(smsSize('ক'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSize('ক'.repeat(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsSize(`${'a'.repeat(100)}৳`)).toEqual({ encoding: 'UCS-2', units: 101, segments: 2 });
  });

  it('sends every code message in one part, in both languages, whatever the four digits', () => {
    for (const language of ['en', 'bn'] as const) {
      for (const purpose of ['verify', 'reset'] as const) {
        const text = codeText('9876', purpose, language);
        expect(text).toContain('9876');
        expect(smsSize(text).segments).toBe(1);
      }
    }
    expect(smsSize(codeText('1234', 'verify', 'bn')).encoding).toBe('UCS-2');
  });
});
