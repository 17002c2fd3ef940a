import { mailPreviewDocument } from '@meetwell/domain';
import { z } from 'zod';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { document, resource } from '../../http/jsonapi';
import { loadSettings } from '../settings/routes';
import { PREVIEW_KINDS, previewFacts, renderPreview } from './previews';

export const mailPreviewRoutes: FeatureRoutes = (app, ctx) => {
  app.get(
    '/api/v1/mail_previews/:kind',
    {
      schema: {
        tags: ['mail'],
        summary:
          'An example of the mail an organizer gets (reminder or decline_warning), rendered by the real template for an example meeting of the signed-in person',
        params: z.object({
          kind: z.enum(PREVIEW_KINDS, { error: 'must be reminder or decline_warning' }),
        }),
        response: { 200: mailPreviewDocument },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { effective } = await loadSettings(ctx, user);
      const facts = previewFacts(user, effective.action, ctx.now());
      const mail = await renderPreview(request.params.kind, facts, ctx.config.appUrl);
      return reply.header('cache-control', 'no-store').send(
        document(
          resource('mail_previews', request.params.kind, {
            subject: mail.subject,
            html: mail.html,
            to: facts.organizerEmail,
          }),
        ),
      );
    },
  );
};
