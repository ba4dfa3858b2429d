// The smart-code simulator (issue 16): what a scan of an Action would answer for a made-up
// visitor, through the scan path's own decide()/outcomeOf(). It reads and records nothing else.
import type { Db } from '../db/database.js';
import type { Actor } from '../domain/actor.js';
import { isActionActiveAt } from '../../shared/activity.js';
import type { SimulateInput, SimulateResult } from '../../shared/schemas/rules.js';
import { parseActivity, parseContent, parseSmart, timeZoneOf } from '../scan/lookup.js';
import { decide, outcomeOf, preferredLanguage } from '../scan/rules.js';
import { parseUserAgent } from '../scan/visitor.js';
import { actionOr404 } from './actions.js';

export async function simulateAction(
  db: Db,
  user: Actor,
  projectId: string,
  id: string,
  input: SimulateInput,
): Promise<SimulateResult> {
  const { project, action } = await actionOr404(db, user, projectId, id);
  const at = input.at ? new Date(input.at) : new Date();
  const content = parseContent(action.objectType, action.data);
  const notActive: SimulateResult = {
    rule: null,
    variant: null,
    fallback: false,
    status: 200,
    location: 'page:notActive',
  };
  if (!content || !isActionActiveAt(parseActivity(action.activity), at)) return notActive;
  const smart = parseSmart(action, timeZoneOf(project.timeZone));
  const agent = parseUserAgent(input.userAgent);
  const decision = decide(smart, content, {
    country: input.country,
    device: agent.device,
    os: agent.os,
    language: preferredLanguage(input.language),
    at,
    scanNumber: input.scanNumber,
    bucket: input.bucket,
    ageConfirmed: input.ageConfirmed,
    unlocked: input.unlocked,
  });
  const outcome = outcomeOf(decision, agent.os);
  const served = decision.kind === 'content' ? decision : null;
  return {
    rule: served?.rule ?? null,
    variant: served?.variant ?? null,
    fallback: served?.fallback ?? false,
    status: outcome.status,
    location: outcome.kind === 'redirect' ? outcome.location : `page:${outcome.page}`,
  };
}
