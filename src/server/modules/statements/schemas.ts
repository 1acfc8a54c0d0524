/** The statements routes' request and answer schemas: the income years, and a statement in its three formats. */
import { STATEMENT_SECTIONS } from '../../../shared/api/statements';

const yearItem = {
  type: 'object',
  properties: { year: { type: 'string', examples: ['2026-27'] }, from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
  required: ['year', 'from', 'to'],
} as const;

export const yearsAnswer = { type: 'object', properties: { items: { type: 'array', items: yearItem } }, required: ['items'] } as const;

const money = { type: 'string', examples: ['16814.28'] } as const;
const nullableMoney = { type: ['string', 'null'] } as const;
const statementAnswer = {
  type: 'object',
  properties: {
    ...yearItem.properties,
    currency: { const: 'BDT' },
    producedAt: { type: 'string', format: 'date-time' },
    person: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        email: { type: 'string' },
        identity: {
          type: 'object',
          properties: { verified: { type: 'boolean' }, verifiedOn: { type: ['string', 'null'] }, idType: { type: ['string', 'null'] }, idNumber: { type: ['string', 'null'], description: 'Masked: only the last four characters.' } },
        },
      },
    },
    sections: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          key: { type: 'string', enum: [...STATEMENT_SECTIONS] },
          title: { type: 'string' },
          rows: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                date: { type: 'string', format: 'date', description: 'The Asia/Dhaka date the movement belongs to its year by.' },
                at: { type: 'string', format: 'date-time' },
                projectId: { type: 'string' },
                projectTitle: { type: 'string' },
                agreementId: { type: ['string', 'null'] },
                agreementNumber: { type: ['string', 'null'] },
                instalment: { type: ['object', 'null'], properties: { seq: { type: 'integer' }, of: { type: 'integer' } } },
                reference: { type: ['string', 'null'] },
                source: { type: ['string', 'null'], enum: ['investment', 'donation', null] },
                amount: money,
                principal: nullableMoney,
                profit: nullableMoney,
              },
            },
          },
          totals: { type: 'object', properties: { count: { type: 'integer' }, amount: money, principal: nullableMoney, profit: nullableMoney } },
        },
      },
    },
  },
} as const;

export const yearParams = { type: 'object', properties: { year: { type: 'string', maxLength: 40 } }, required: ['year'] } as const;
export const personParams = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] } as const;
export const personYearParams = { ...personParams, properties: { ...personParams.properties, ...yearParams.properties }, required: ['id', 'year'] } as const;
export const formatQuery = {
  type: 'object',
  properties: { format: { type: 'string', enum: ['json', 'csv', 'pdf'], default: 'json', errorMessage: 'must be json, csv or pdf' } },
  additionalProperties: false,
} as const;

export const statementResponse = {
  200: {
    description: 'The statement: JSON (below), or with `?format=csv` a CSV file, with `?format=pdf` a PDF, streamed.',
    content: {
      'application/json': { schema: statementAnswer },
      'text/csv': { schema: { type: 'string' } },
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    },
  },
};

export const DESCRIBE_STATEMENT =
  'The income year (`2026-27`: 1 July 2026 to 30 June 2027, Asia/Dhaka dates) as a statement: investments made, instalments received with their principal and profit parts, donations made with their references, and as an owner funds raised and instalments paid; each section with totals that are the sums of its rows. A year without activity gives an empty statement.';
