/** The notices routes' request and answer schemas. */
import { NOTICE_KIND_NAMES, SMS_NOTICE_KINDS } from '../../../shared/notices/kinds';
import { arrayOf, boolean, dateTime, dateTimeOrNull, integer, object, string, stringOrNull } from '../../routes/schemas';

/** A notice's id: a bigserial, in the path and in answers. */
export const noticeId = { type: 'string', pattern: '^[0-9]{1,18}$' } as const;

export const noticeIdParams = { type: 'object', properties: { id: noticeId }, required: ['id'] } as const;

export const noticesSchema = object({
  unread: integer,
  items: arrayOf(object({ id: noticeId, kind: string, title: string, text: string, link: stringOrNull, createdAt: dateTime, readAt: dateTimeOrNull })),
});

export const readSchema = object({ id: noticeId, readAt: dateTimeOrNull });

export const preferencesSchema = object({
  kinds: arrayOf(
    object({
      kind: { type: 'string', enum: [...NOTICE_KIND_NAMES] },
      label: string,
      email: boolean,
      sms: { type: ['boolean', 'null'], description: 'Null: this kind is never sent by SMS.' },
    }),
  ),
});

const channelBody = (kinds: readonly string[]) => ({
  type: 'object',
  properties: Object.fromEntries(kinds.map((k) => [k, { type: 'boolean' }])),
  additionalProperties: false,
});

export const preferencesBody = {
  type: 'object',
  properties: { email: channelBody(NOTICE_KIND_NAMES), sms: channelBody(SMS_NOTICE_KINDS) },
  anyOf: [{ required: ['email'] }, { required: ['sms'] }],
  additionalProperties: false,
};
