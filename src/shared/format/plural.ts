/**
 * Words that follow a count, by each language's plural rules (CLDR, through Intl.PluralRules), ICU style: the caller
 * gives the forms of the whole phrase and `#` stands for the count, written in the language's digits with lakh
 * grouping. English has `one` and `other` ("1 day", "2 days"); Bengali has `one` for 0 and 1 and `other`, and its
 * counted nouns seldom change ("১টি কিস্তি", "৩টি কিস্তি"), so its forms are often the same text.
 *
 *   plural(3, { one: '# day left', other: '# days left' })          → "3 days left"
 *   plural(3, { other: '# দিন বাকি' }, 'bn')                        → "৩ দিন বাকি"
 */
import type { Language } from '../i18n/language';
import { formatNumber } from './money';

/** The forms of a phrase by plural category; `other` is required, as in ICU MessageFormat. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<Language, Intl.PluralRules>();

/** The plural category of a count in a language ("one", "other", …). */
export function pluralCategory(count: number, language: Language = 'en'): Intl.LDMLPluralRule {
  let r = rules.get(language);
  if (!r) {
    r = new Intl.PluralRules(language);
    rules.set(language, r);
  }
  return r.select(count);
}

/**
 * The phrase for a count: an exact-number form (`=0`, `=1`, given as keys "=0" …) first, as ICU does, then the
 * language's category, then `other`. Every `#` becomes the count (formatNumber in the language).
 */
export function plural(count: number, forms: PluralForms & { [exact: `=${number}`]: string }, language: Language = 'en'): string {
  const exact = forms[`=${count}`];
  const form = exact ?? forms[pluralCategory(count, language)] ?? forms.other;
  return form.replace(/#/g, formatNumber(count, language));
}
