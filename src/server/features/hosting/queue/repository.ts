import type { ProvisioningStepSummary } from '../../../../common/hosting/queueContract.ts';
import { accountName } from '../../../access/fragments.ts';
import type { HostingStepAction } from '../../../db/tables/hosting.ts';
import type { Db } from '../../../db/transaction.ts';
import type { PanelCallRecord } from '../../../integrations/panels/panel.ts';
import { parseJson } from '../lifecycle/stepRepository.ts';

/** The steps with their service, account and server, as the provisioning queue lists them. */
function stepsWithService(db: Db) {
  return db.selectFrom('hosting_steps as st')
    .innerJoin('hosting_services as sv', 'sv.id', 'st.service_id')
    .leftJoin('hosting_servers as s', 's.id', 'sv.server_id')
    .select((eb) => [
      'st.id as stepId', 'st.action', 'st.status', 'st.attempts', 'st.last_error', 'st.created_at', 'st.finished_at', 'st.input', 'st.next_attempt_at',
      'st.resolution_note', 'st.requested_by', 'sv.id as serviceId', 'sv.status as serviceStatus', 'sv.product_name', 'sv.username', 'sv.domain',
      'sv.account_id', 'sv.server_id', 's.name as serverName', accountName(eb, eb.ref('sv.account_id')).as('accountName'),
    ]);
}

type StepJoinRow = Awaited<ReturnType<ReturnType<typeof stepsWithService>['executeTakeFirstOrThrow']>>;

const summaryOf = (r: StepJoinRow): ProvisioningStepSummary => ({
  stepId: r.stepId, action: r.action, status: r.status, serviceId: r.serviceId, serviceStatus: r.serviceStatus, productName: r.product_name,
  username: r.username, domain: r.domain, accountId: r.account_id, accountName: r.accountName ?? null, serverId: r.server_id, serverName: r.serverName ?? null,
  error: r.last_error, attempts: Number(r.attempts), requestedAt: r.created_at, failedAt: r.status === 'failed' ? r.finished_at : null,
});

export async function listFailedSteps(db: Db, filter: { action?: HostingStepAction; serverId?: string; page: number; pageSize: number }) {
  let query = stepsWithService(db).where('st.status', '=', 'failed');
  if (filter.action) query = query.where('st.action', '=', filter.action);
  if (filter.serverId) query = query.where('sv.server_id', '=', filter.serverId);
  const [rows, count] = await Promise.all([
    query.orderBy('st.finished_at', 'desc').orderBy('st.id', 'desc').limit(filter.pageSize).offset((filter.page - 1) * filter.pageSize).execute(),
    db.selectFrom('hosting_steps as st').innerJoin('hosting_services as sv', 'sv.id', 'st.service_id').select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('st.status', '=', 'failed')
      .$if(filter.action !== undefined, (q) => q.where('st.action', '=', filter.action!))
      .$if(filter.serverId !== undefined, (q) => q.where('sv.server_id', '=', filter.serverId!))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(summaryOf), total: Number(count.n) };
}

/** Keys of a step's input shown to operators: never the sealed password of a change_password step. */
const SHOWN_INPUT = ['package', 'reason', 'note'];

export async function stepDetail(db: Db, stepId: string) {
  const row = await stepsWithService(db).where('st.id', '=', stepId).executeTakeFirst();
  if (!row) return null;
  const input = parseJson<Record<string, unknown>>(row.input, {});
  const attempts = await db.selectFrom('hosting_attempts').selectAll().where('step_id', '=', stepId).orderBy('started_at').orderBy('id').execute();
  return {
    step: {
      ...summaryOf(row), input: Object.fromEntries(Object.entries(input).filter(([key]) => SHOWN_INPUT.includes(key))),
      nextAttemptAt: row.next_attempt_at, resolutionNote: row.resolution_note, requestedBy: row.requested_by,
    },
    attempts: attempts.map((a) => ({
      id: a.id, startedAt: a.started_at, finishedAt: a.finished_at, outcome: a.outcome, message: a.message, calls: parseJson<PanelCallRecord[]>(a.calls, []),
    })),
  };
}
