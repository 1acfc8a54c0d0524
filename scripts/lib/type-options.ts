/** The options every generated types file is compiled with (json-schema-to-typescript), so they read alike. */
import type { Options } from 'json-schema-to-typescript';

export const TYPE_OPTIONS: Partial<Options> = {
  bannerComment: '',
  additionalProperties: false,
  unknownAny: true,
  ignoreMinAndMaxItems: true,
  strictIndexSignatures: true,
  format: true,
  style: { singleQuote: true, printWidth: 120 },
};
