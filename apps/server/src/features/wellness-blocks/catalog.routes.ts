import {
  catalogEndpoints,
  EVENT_COLORS,
  GOOGLE_EVENT_COLORS,
  MEETING_INTENTION_LABELS,
  MEETING_INTENTIONS,
  RULE_GROUP_KEYS,
  RULE_GROUPS,
  RULE_WEIGHTS_OUT_OF_100,
  SETTING_KEYS,
  SETTING_LABELS,
} from '@meetwell/domain';
import type { tips } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { document, resource } from '../../http/jsonapi';
import { clearSeenTips, listGoals, markTipSeen, tipsFor } from './catalog';

/** Calendar event colours per provider: Google's event colour ids, Outlook's category presets. */
const PROVIDER_EVENT_COLORS = {
  google_oauth2: GOOGLE_EVENT_COLORS,
  microsoft_graph: [
    { id: 'preset0', hex: '#e74856', label: 'Red' },
    { id: 'preset1', hex: '#ff8c00', label: 'Orange' },
    { id: 'preset2', hex: '#ab8c6f', label: 'Brown' },
    { id: 'preset3', hex: '#fff100', label: 'Yellow' },
    { id: 'preset4', hex: '#47d041', label: 'Green' },
    { id: 'preset5', hex: '#30c6cc', label: 'Teal' },
    { id: 'preset6', hex: '#73aa24', label: 'Olive' },
    { id: 'preset7', hex: '#4f6bed', label: 'Blue' },
    { id: 'preset8', hex: '#8764b8', label: 'Purple' },
    { id: 'preset9', hex: '#e3008c', label: 'Cranberry' },
  ],
} as const;
const EVENT_COLOR_PROVIDERS = [
  'google_oauth2',
  'microsoft_graph',
] as const satisfies readonly (keyof typeof PROVIDER_EVENT_COLORS)[];

const groupOf = (key: string) =>
  RULE_GROUPS.find((g) => (RULE_GROUP_KEYS[g] as readonly string[]).includes(key)) ?? null;

export const catalogRoutes: FeatureRoutes = (app, ctx) => {
  route(app, catalogEndpoints.goals, async (request) => {
    const chosen = new Set(request.auth?.user.goalIds ?? []);
    return document(
      (await listGoals(ctx)).map((g) =>
        resource('goals', String(g.id), { name: g.name, category: g.category, selected: chosen.has(g.id) }),
      ),
    );
  });

  route(app, catalogEndpoints.settingsLabels, async () =>
    document(
      SETTING_KEYS.map((key) =>
        resource('settings_labels', key, {
          ...SETTING_LABELS[key],
          weight_out_of_100:
            key in RULE_WEIGHTS_OUT_OF_100
              ? RULE_WEIGHTS_OUT_OF_100[key as keyof typeof RULE_WEIGHTS_OUT_OF_100]
              : 0,
          group: groupOf(key),
        }),
      ),
    ),
  );

  route(app, catalogEndpoints.eventColors, async () =>
    document(
      EVENT_COLOR_PROVIDERS.flatMap((provider) =>
        PROVIDER_EVENT_COLORS[provider].map((c) =>
          resource('event_colors', `${provider}:${c.id}`, {
            provider,
            color_id: c.id,
            hex: c.hex,
            label: c.label,
          }),
        ),
      ),
      { app_colors: EVENT_COLORS },
    ),
  );

  route(app, catalogEndpoints.meetingIntentions, async () =>
    document(
      MEETING_INTENTIONS.map((value) =>
        resource('meeting_intentions', value, { value, label: MEETING_INTENTION_LABELS[value] }),
      ),
    ),
  );

  route(app, catalogEndpoints.tips, async (request) => {
    const { user } = requireAuth(request);
    const rows = await tipsFor(ctx, user.id);
    return document(rows.map(({ tip, seenAt }) => presentTip(tip, seenAt)));
  });

  route(app, catalogEndpoints.clearSeenTips, async (request, reply) => {
    const { user } = requireAuth(request);
    await clearSeenTips(ctx, user.id);
    return reply.code(204).send(null);
  });

  route(app, catalogEndpoints.markTipSeen, async (request) => {
    const { user } = requireAuth(request);
    const { tip, seenAt } = await markTipSeen(ctx, user.id, request.params.id, ctx.now());
    return document(presentTip(tip, seenAt));
  });
};

function presentTip(tip: typeof tips.$inferSelect, seenAt: Date | null) {
  return resource('tips', String(tip.id), {
    tag: tip.tag,
    title: tip.title,
    description: tip.description,
    seen_at: seenAt?.toISOString() ?? null,
  });
}
