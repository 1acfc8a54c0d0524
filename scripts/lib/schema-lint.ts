/** The schema lint lives in src/shared/forms/schema-lint.ts (the server's form studio runs it too). */
export * from '../../src/shared/forms/schema-lint';
