/** The next steps' answer schema (NextStepsAnswer). */
import { arrayOf, integer, object, string, stringOrNull } from '../../routes/schemas';

export const nextStepsSchema = object({
  name: string,
  items: arrayOf(
    object(
      {
        kind: { type: 'string', enum: ['proposals', 'instalments-to-pay', 'instalments-to-confirm', 'verification', 'project-draft', 'pledge', 'accepted'] },
        count: integer,
        text: string,
        link: string,
        amount: { ...string, description: 'Taka as a decimal string.' },
        date: { ...string, description: 'A day (YYYY-MM-DD) or a moment (ISO 8601).' },
        reference: { ...stringOrNull, description: "A pledge's payment reference." },
      },
      ['amount', 'date', 'reference'],
    ),
  ),
  staff: {
    type: ['array', 'null'],
    items: object({ id: { type: 'string', enum: ['verifications', 'projects', 'donations'] }, label: string, count: integer, link: string }),
    description: 'For staff, the sizes of their queues; null for everyone else.',
  },
});
