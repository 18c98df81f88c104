import * as flows from '../../../../common/admin/flows/contract.ts';
import { implement } from '../../../rpc/registry.ts';
import { requireOperator } from '../policy.ts';
import { eventCatalog } from './eventCatalog.ts';
import { deleteFlow, duplicateFlow, listFlows, saveFlow, setFlowActive, setupQuickFlows } from './service.ts';

/** The flow handlers (issue 9) and the event catalogue a flow is built from. */
export const handlers = [
  implement(flows.listFlows, async (_input, { caller, services }) => {
    requireOperator(caller);
    return listFlows(services.db);
  }),
  implement(flows.saveFlow, async (input, ctx) => {
    requireOperator(ctx.caller);
    return saveFlow(ctx, input);
  }),
  implement(flows.duplicateFlow, async ({ flowId }, ctx) => {
    requireOperator(ctx.caller);
    return duplicateFlow(ctx, flowId);
  }),
  implement(flows.deleteFlow, async ({ flowId }, ctx) => {
    requireOperator(ctx.caller);
    return deleteFlow(ctx, flowId);
  }),
  implement(flows.setFlowActive, async (input, ctx) => {
    requireOperator(ctx.caller);
    return setFlowActive(ctx, input);
  }),
  implement(flows.setupQuickFlows, async (_input, ctx) => {
    requireOperator(ctx.caller);
    return setupQuickFlows(ctx);
  }),
  implement(flows.getEventCatalog, async (_input, { caller }) => {
    requireOperator(caller);
    return eventCatalog();
  }),
];
