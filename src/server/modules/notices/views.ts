/** What the notices module answers: a notice as its reader sees it, and each kind with the channels it goes by. */
import type { Selectable } from 'kysely';
import type { NoticesTable } from '../../db/schema';
import { NOTICE_KIND_NAMES, noticeKindLabel, SMS_NOTICE_KINDS } from '../../../shared/notices/kinds';
import type { Language } from '../../../shared/i18n/language';

export function noticeView(r: Selectable<NoticesTable>) {
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    text: r.text,
    link: r.link,
    createdAt: r.created_at.toISOString(),
    readAt: r.read_at?.toISOString() ?? null,
  };
}

/** Every kind of notice, labelled in the reader's language, and whether it also goes by e-mail and (for the kinds sent so) by SMS. */
export function preferencesView(off: { kind: string; channel: string }[], language: Language) {
  const turnedOff = new Set(off.map((r) => `${r.channel}:${r.kind}`));
  return {
    kinds: NOTICE_KIND_NAMES.map((kind) => ({
      kind,
      label: noticeKindLabel(kind, language),
      email: !turnedOff.has(`email:${kind}`),
      /** null: this kind is never sent by SMS. */
      sms: SMS_NOTICE_KINDS.includes(kind) ? !turnedOff.has(`sms:${kind}`) : null,
    })),
  };
}
