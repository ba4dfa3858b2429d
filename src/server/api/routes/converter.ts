// The converter API: an uploaded `{name}.svg` (multipart field `svg`) comes back as a PDF or EPS
// download, for print shops that want vector files.
import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  convertSvg,
  isConverterTarget,
  unsupportedExtensionMessage,
} from '../../converter/convert.js';
import { contentDisposition } from '../../services/download.js';
import { DomainError, emptyFile, invalidField } from '../../domain/errors.js';
import { requireUser } from '../plugins/session.js';
import type { RouteDeps } from './helpers.js';
import { fileAnswer } from '../openapi.js';

/** Larger SVGs are not QR codes; convertSvg refuses them too. */
const MAX_SVG_BYTES = 5_000_000;

interface TargetParams {
  target: string;
}

async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // discarded
  }
}

export function converterRoutes(app: FastifyInstance, _deps: RouteDeps): void {
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: {
        parts: 5,
        files: 1,
        fields: 4,
        fieldSize: 1000,
        headerPairs: 50,
        fileSize: MAX_SVG_BYTES,
      },
    });

    // POST /converter/{svg2pdf|svg2eps}: convert the SVG in field `svg` and answer it as a download.
    scope.post<{ Params: TargetParams }>(
      '/converter/:target',
      {
        schema: {
          response: {
            200: fileAnswer(
              'application/octet-stream',
              'The converted file (application/pdf or application/postscript)',
            ),
          },
        },
        preHandler: requireUser,
      },
      async (request, reply) => {
        const { target } = request.params;
        const extension = target.replace(/^svg2/i, '');
        if (!/^svg2/i.test(target) || !isConverterTarget(extension)) {
          throw new DomainError('bad_request', 'invalid', unsupportedExtensionMessage(extension));
        }
        if (!request.isMultipart()) {
          throw new DomainError('bad_request', 'invalid', 'Send the SVG as multipart/form-data');
        }
        let svg: { fileName: string; text: string } | null = null;
        let tooLarge = false;
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'svg' || svg || tooLarge) {
            await drain(part.file);
            continue;
          }
          const bytes = await part.toBuffer();
          if (part.file.truncated) tooLarge = true;
          else svg = { fileName: part.filename, text: bytes.toString('utf8') };
        }
        if (tooLarge) {
          throw invalidField('size', '/svg', 'The SVG file is too large', {
            max: MAX_SVG_BYTES / 1000,
          });
        }
        if (!svg) throw invalidField('required', '/svg', 'Choose an SVG file');
        if (svg.text.length === 0) throw emptyFile('/svg');
        const result = await convertSvg(extension, svg.fileName, svg.text);
        if (!result.ok) throw invalidField(result.code, result.pointer, result.detail);
        return reply
          .header('content-type', result.contentType)
          .header('content-disposition', contentDisposition('attachment', result.fileName))
          .header('x-content-type-options', 'nosniff')
          .send(result.body);
      },
    );
  });
}
