/** The accounts module's answer schemas: a message, one with the resend wait or the session's token, "who am I", a language. */
import { LANGUAGES } from '../../../shared/i18n/language';
import { object } from '../../routes/schemas';

export const messageAnswer = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } as const;

/** An answer after which a code may have been sent: when a new one may be asked (the OTP screen's timer). */
export const withWait = {
  type: 'object',
  properties: { message: { type: 'string' }, resendInSeconds: { type: 'integer', minimum: 0 } },
  required: ['message', 'resendInSeconds'],
} as const;

export const withToken = {
  type: 'object',
  properties: { message: { type: 'string' }, token: { type: 'string' } },
  required: ['message', 'token'],
} as const;

export const cooldownAnswer = { type: 'object', properties: { resendInSeconds: { type: 'integer', minimum: 0 } }, required: ['resendInSeconds'] } as const;

/** The signed-in person as `GET /auth/user/me` answers (views.ts meView). */
export const meAnswer = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    verified: { type: 'boolean' },
    staff: { type: 'boolean' },
    shariah: { type: 'boolean', description: 'Present (true) only for a person with the `shariah` role: they may record Shariah reviews.' },
    created: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'email', 'phone', 'verified', 'staff', 'created'],
} as const;

export const languageBody = {
  type: 'object',
  properties: { language: { type: 'string', enum: [...LANGUAGES] } },
  required: ['language'],
  additionalProperties: false,
} as const;

export const languageAnswer = object({ language: { type: 'string', enum: [...LANGUAGES] } });
