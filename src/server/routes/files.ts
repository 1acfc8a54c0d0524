import type { FastifyInstance } from 'fastify';
import { canReadFile } from '../files/access';
import { notFound } from '../errors';
import { bytes, idParams } from './schemas';

/**
 * `GET /files/:id`: the file's bytes, with its stored type, `nosniff` and a Content-Disposition, for its owner, staff
 * and those the record using it is shared with. Everyone else gets 404 (its existence is not revealed).
 */
export default async function fileRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>(
    '/files/:id',
    {
      schema: {
        tags: ['files'],
        security: [{}, { bearer: [] }],
        params: idParams,
        response: { 200: bytes('application/octet-stream', "The file's bytes, with its stored type in Content-Type (an image or a PDF).") },
      },
    },
    async (request, reply) => {
      const reader = await app.readSession(request);
      if (!(await canReadFile(app.db, reader, request.params.id))) throw notFound('This file');
      const file = await app.db
        .selectFrom('files')
        .select(['content_type', 'file_name', 'data'])
        .where('id', '=', request.params.id)
        .executeTakeFirstOrThrow();
      const ascii = file.file_name.replace(/[^\x20-\x7e]/g, '_');
      return reply
        .header('content-type', file.content_type)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.file_name)}`)
        .header('cache-control', 'private, max-age=3600')
        .send(Buffer.from(file.data));
    },
  );
}
