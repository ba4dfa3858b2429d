// Who did it, from where: the request-derived half of every audit row. Services add the rest
// (type, action, item) and write the row in the same transaction as the change.
import type { FastifyRequest } from 'fastify';
import UAParser from 'ua-parser-js';
import type { Config } from '../../config.js';
import type { AuditContext } from '../../repositories/auditLogs.js';
import type { UnitOfWork } from '../../services/unitOfWork.js';
import { clientTypeOf } from './clientType.js';

/** "Chrome 120 on macOS (desktop)": short enough to read in the audit list. */
export function describeDevice(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const parsed = new UAParser(userAgent).getResult();
  const browser = [parsed.browser.name, parsed.browser.major].filter(Boolean).join(' ');
  const os = [parsed.os.name, parsed.os.version].filter(Boolean).join(' ');
  const kind = parsed.device.type ?? 'desktop';
  const text = [browser || 'Unknown client', os ? `on ${os}` : '', `(${kind})`]
    .filter(Boolean)
    .join(' ');
  return text.slice(0, 255);
}

export function auditContextOf(request: FastifyRequest, config: Config): AuditContext {
  return {
    // A request with an API key is a script's, whatever Client-Type it sends.
    client: request.user?.apiKeyId ? 'api' : (clientTypeOf(request) ?? 'api'),
    userId: request.user?.id ?? null,
    customerId: request.user?.customerId ?? null,
    device: describeDevice(request.headers['user-agent']),
    environment: config.environment,
  };
}

/** The unit of work for this request's actor: every write of a route goes through it. */
export function unitOfWorkOf(request: FastifyRequest, config: Config): UnitOfWork {
  return request.server.writePath.for(auditContextOf(request, config));
}
