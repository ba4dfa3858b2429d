// The file API: POST /file/{mediaId} stores an upload (multipart: projectId, kind, then file);
// GET /file/{mediaId} serves it, publicly, to the dashboard and the landing pages.
import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UNLIMITED, UPLOAD_CAP_BYTES } from '../../../shared/constants.js';
import { ulidSchema } from '../../../shared/ids.js';
import { checkUpload, MEDIA_KINDS, MEDIA_RULES, type MediaKind } from '../../../shared/media.js';
import type { ProjectRow } from '../../db/schema.js';
import { checkContent } from '../../media/contentCheck.js';
import { findMedia } from '../../repositories/media.js';
import { contentDisposition } from '../../services/download.js';
import {
  cleanFileName,
  maxBytesOf,
  mediaStorageFor,
  receiveToFile,
  removeTemporaryFile,
  storeUpload,
  temporaryFileIn,
  toMedia,
} from '../../services/media.js';
import { visibleProjectOr404 } from '../../services/projects.js';
import { DomainError, emptyFile, invalidField, notFound } from '../../domain/errors.js';
import { unitOfWorkOf } from '../plugins/audit.js';
import { currentUser, type SessionUser } from '../plugins/session.js';
import { guarded, pathId, type RouteDeps } from './helpers.js';
import { pathParams, withSchemas, dataOf, fileAnswer } from '../openapi.js';
import { mediaSchema } from '../../../shared/schemas/responses.js';

const uploadFieldsSchema = z.object({ projectId: ulidSchema, kind: z.enum(MEDIA_KINDS) });

interface MediaParams {
  mediaId: string;
}

/** Shown in the browser (and by the landing pages); anything else is downloaded. */
const isInline = (mimeType: string) =>
  /^(image|audio)\//.test(mimeType) || mimeType === 'application/pdf';

/** Reads a part to its end without keeping it, so the client still receives our answer. */
async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // discarded
  }
}

interface ReceivedUpload {
  project: ProjectRow;
  kind: MediaKind;
  fileName: string;
  size: number;
}

/**
 * Walks the multipart body: the fields must come before the file, whose bytes go to
 * `temporaryFile` while they are counted. A problem is kept until the body has been read.
 */
async function readUploadForm(
  request: FastifyRequest,
  deps: RouteDeps,
  user: SessionUser,
  temporaryFile: string,
): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let received: ReceivedUpload | null = null;
  let problem: unknown = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'file' || received || problem) {
      await drain(part.file);
      continue;
    }
    try {
      const { projectId, kind } = uploadFieldsSchema.parse(fields);
      const project = await visibleProjectOr404(deps.db, user, projectId);
      const fileName = cleanFileName(part.filename);
      // The extension first: no reason to store bytes of a type the field does not take.
      const typeProblem = checkUpload(kind, fileName, 0, {
        project: UNLIMITED,
        customer: UNLIMITED,
      });
      if (typeProblem) {
        throw invalidField(typeProblem.code, '/file', 'This type of file is not allowed here', {
          ...typeProblem.meta,
        });
      }
      const { size, tooLarge } = await receiveToFile(part.file, temporaryFile, maxBytesOf(kind));
      if (tooLarge || part.file.truncated) {
        throw invalidField('size', '/file', 'The file is too large', {
          max: MEDIA_RULES[kind].maxKb,
        });
      }
      if (size === 0) throw emptyFile('/file');
      received = { project, kind, fileName, size };
    } catch (error) {
      problem = error;
      await drain(part.file);
    }
  }
  if (problem) throw problem;
  if (!received) {
    uploadFieldsSchema.parse(fields);
    throw invalidField('required', '/file', 'Choose a file');
  }
  return received;
}

export function fileRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const api = withSchemas(app);
  const { db, config } = deps;

  // Multipart only here, with tight limits: one file, a few small fields, the 100 MB cap.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: {
        parts: 10,
        files: 1,
        fields: 8,
        fieldSize: 1000,
        fieldNameSize: 100,
        headerPairs: 50,
        fileSize: UPLOAD_CAP_BYTES,
      },
    });

    // POST /file/{mediaId}: upload a file under a new id the client chose (201 { data: Media }).
    scope.post<{ Params: MediaParams }>(
      '/file/:mediaId',
      guarded('MediaCreate', { response: { 201: dataOf(mediaSchema) } }),
      async (request, reply) => {
        const user = currentUser(request);
        const mediaId = pathId(request.params.mediaId, 'not_found');
        if (!request.isMultipart()) {
          throw new DomainError('bad_request', 'invalid', 'Send the file as multipart/form-data');
        }
        const existing = await findMedia(db, mediaId);
        if (existing) {
          if (user.role !== 'admin' && existing.customerId !== user.customerId) {
            throw notFound('not_found');
          }
          throw invalidField('invalid', '/mediaId', 'This media id is already in use');
        }
        const storage = mediaStorageFor(config);
        const temporaryFile = temporaryFileIn(storage);
        try {
          const upload = await readUploadForm(request, deps, user, temporaryFile);
          const content = await checkContent(upload.kind, upload.fileName, temporaryFile);
          if (!content.ok) {
            throw invalidField(
              'file_type_not_supported',
              '/file',
              'The content of the file does not match its type',
              { values: MEDIA_RULES[upload.kind].extensions ?? [] },
            );
          }
          const row = await storeUpload(
            db,
            storage,
            upload.project,
            user.id,
            {
              mediaId,
              kind: upload.kind,
              fileName: upload.fileName,
              mimeType: content.mimeType,
              size: upload.size,
              temporaryFile,
            },
            unitOfWorkOf(request, config),
          );
          return reply.code(201).send({ data: toMedia(row) });
        } finally {
          await removeTemporaryFile(temporaryFile);
        }
      },
    );
  });

  // GET /file/{mediaId}: the bytes, public by their unguessable id, sandboxed and never sniffed.
  api.get(
    '/file/:mediaId',
    {
      schema: {
        params: pathParams('mediaId'),
        response: {
          200: fileAnswer('application/octet-stream', 'The stored file, with its own content type'),
        },
      },
    },
    async (request, reply) => {
      const mediaId = pathId(request.params.mediaId, 'not_found');
      const row = await findMedia(db, mediaId);
      const stored =
        row && !row.deletedAt ? await mediaStorageFor(config).open(row.storageKey) : null;
      if (!row || !stored) throw notFound('not_found');
      return reply
        .header('content-type', row.mimeType)
        .header('content-length', stored.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header(
          'content-disposition',
          contentDisposition(isInline(row.mimeType) ? 'inline' : 'attachment', row.fileName),
        )
        .header('cache-control', 'private, max-age=3600')
        .send(stored.stream);
    },
  );
}
