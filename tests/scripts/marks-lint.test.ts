/**
 * The schema marks of issue 31 §5: `"x-material": true` names the project form's fields whose change after a Shariah
 * approval sends the review back (read from the schema, so product staff move the mark in JSON), and
 * `"x-upload": "document"` lets a file field take a PDF as well as an image. The lint checks both; the server's
 * upload decoding follows the mark.
 */
import { describe, expect, it } from 'vitest';
import { lintForms } from '../../scripts/lib/schema-lint';
import { loadSchemas, loadUiSchemas } from '../../src/shared/forms/load-schemas';
import { materialFields } from '../../src/shared/forms/material';
import { decodeUploads } from '../../src/server/files/store';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free-form JSON edits

const messages = async (schemas: Record<string, Json>) => (await lintForms(schemas, structuredClone(loadUiSchemas()))).map((p) => `${p.file} ${p.pointer}: ${p.message}`);
const PDF = `data:application/pdf;name=o.pdf;base64,${Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64')}`;

describe('the x-material and x-upload marks', () => {
  it('reads the material fields from the project form, branches included, and the union of a version and the file', () => {
    const shipped = loadSchemas()['project-owner']!;
    expect(materialFields(shipped).sort()).toEqual(['askamu', 'contract', 'fundingModel', 'goods', 'initialins', 'investType', 'reduration', 'return', 'returningTime', 'roi', 'totalDuration']);
    const version = structuredClone(shipped) as Json;
    delete version.properties.goods['x-material'];
    version.properties.bname['x-material'] = true;
    expect(materialFields(version)).not.toContain('goods');
    expect(materialFields(version, shipped)).toEqual(expect.arrayContaining(['goods', 'bname']));
  });

  it('lints the marks: x-material true on a field; x-upload image or document on a file field', async () => {
    const schemas = structuredClone(loadSchemas()) as Record<string, Json>;
    schemas['project-owner']!.properties.bname['x-material'] = false;
    schemas['project-owner']!['x-material'] = true;
    schemas.qualification!.properties.note['x-upload'] = 'document';
    schemas['shariah-review']!.properties.opinion['x-upload'] = 'pdf';
    expect(await messages(schemas)).toEqual([
      'schemas/project-owner.schema.json /x-material: "x-material" belongs on a field (a property of the form)',
      'schemas/project-owner.schema.json /properties/bname/x-material: "x-material" must be true (or left out)',
      'schemas/qualification.schema.json /properties/note: "x-upload" is only for file fields (add "format": "upload")',
      'schemas/shariah-review.schema.json /properties/opinion/x-upload: "x-upload" must be "image" or "document"',
    ]);
  });

  it('decodes a document field as a PDF or an image, and an image field as an image only', () => {
    const schemas = loadSchemas();
    expect(decodeUploads(schemas['shariah-review']!, { opinion: PDF }).files.get('/opinion')?.contentType).toBe('application/pdf');
    expect(() => decodeUploads(schemas.verification!, { nidImage: PDF })).toThrow(/Some files could not be accepted/);
  });
});
