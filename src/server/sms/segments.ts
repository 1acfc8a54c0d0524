/**
 * How many parts an SMS travels in. A text of the GSM 03.38 alphabet (English) goes as GSM-7: 160 characters in one
 * part, 153 a part when split; any other character (Bengali) makes the whole text UCS-2: 70 UTF-16 units in one part,
 * 67 a part when split. Each part is paid for, and a one-time code split over two may arrive out of order.
 */

// The GSM 03.38 basic set; the extension set (^{}\[~]|€) costs two septets each.
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

export interface SmsSize {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 units (UCS-2). */
  units: number;
  segments: number;
}

/** The encoding, length and number of parts of a text message. */
export function smsSize(text: string): SmsSize {
  let septets = 0;
  for (const c of text) {
    if (GSM_BASIC.has(c)) septets += 1;
    else if (GSM_EXTENDED.has(c)) septets += 2;
    else {
      const units = text.length;
      return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'GSM-7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}
