// Pages (SPEC §1 "pages", §2 /projects/{Pid}/pages): the hosted landing pages of a project's
// Actions, previewed in the dashboard. The preview is drawn by the scan service's own renderer with
// the project's active theme, but outside the scan pipeline, so looking at it never counts a scan.
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../../shared/enums.js';
import { loadMessages } from '../../scan/i18n.js';
import { findActiveTheme, parseContent } from '../../scan/lookup.js';
import {
  appLinkPage,
  contactPage,
  soundPage,
  textAreaPage,
  type PageContext,
} from '../../scan/pages.js';
import type { RenderedPage } from '../../scan/html.js';
import type { ActionContent } from '../../../shared/schemas/action.js';
import { actionOr404 } from '../../services/actions.js';
import { notFound } from '../../domain/errors.js';
import { currentUser } from '../plugins/session.js';
import { guarded, projectItemIdsOf, type RouteDeps, sendHtmlPage } from './helpers.js';
import { pathParams, withSchemas, fileAnswer } from '../openapi.js';

/** The Action kinds whose scan shows a page of ours (the others redirect). */
export const LANDING_PAGE_TYPES = ['contact', 'textArea', 'appLink', 'sound'] as const;

/** The page a scan of this content shows; null for kinds that redirect. */
export function renderLandingPage(ctx: PageContext, content: ActionContent): RenderedPage | null {
  switch (content.objectType) {
    // The contact page links its vCard relative to the code; a preview has none.
    case 'contact':
      return contactPage(ctx, content.data, 'preview');
    case 'textArea':
      return textAreaPage(ctx, content.data);
    case 'appLink':
      return appLinkPage(ctx, content.data);
    case 'sound':
      return soundPage(ctx, content.data);
    default:
      return null;
  }
}

export function pageRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  const api = withSchemas(app);
  const messages = loadMessages();

  // GET /projects/{pid}/pages/{id}/preview: the landing page of Action {id} as HTML (no scan counted).
  api.get(
    '/projects/:pid/pages/:id/preview',
    guarded('QRLinkView', {
      params: pathParams('pid', 'id'),
      response: { 200: fileAnswer('text/html', 'The landing page as a visitor would see it') },
    }),
    async (request, reply) => {
      const { projectId, id } = projectItemIdsOf(request.params, 'qrlink_not_found');
      const user = currentUser(request);
      const { project, action } = await actionOr404(db, user, projectId, id);
      const content = parseContent(action.objectType, action.data);
      const lang: Language = user.language;
      const page = content
        ? renderLandingPage(
            { lang, messages: messages[lang], theme: await findActiveTheme(db, project.id) },
            content,
          )
        : null;
      if (!page) throw notFound('qrlink_not_found');
      return sendHtmlPage(reply, page);
    },
  );
}
