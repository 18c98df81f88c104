import type { FunctionContract } from '../protocol.ts';
import * as accounts from './accounts.ts';
import * as dashboard from './dashboard.ts';
import * as invitations from './invitations.ts';
import * as members from './members.ts';
import * as profile from './profile.ts';
import * as session from './session.ts';
import * as tickets from './tickets.ts';

export const contracts = {
  getSessionState: session.getSessionState,
  setActiveAccount: session.setActiveAccount,
  getProfile: profile.getProfile,
  updateProfile: profile.updateProfile,
  listMyAccounts: accounts.listMyAccounts,
  createAccount: accounts.createAccount,
  getAccount: accounts.getAccount,
  listAccountMembers: members.listAccountMembers,
  updateMemberRole: members.updateMemberRole,
  removeMember: members.removeMember,
  sendInvitation: members.sendInvitation,
  getInvitation: invitations.getInvitation,
  acceptInvitation: invitations.acceptInvitation,
  listMyInvitations: invitations.listMyInvitations,
  submitTicket: tickets.submitTicket,
  listMyTickets: tickets.listMyTickets,
  getTicket: tickets.getTicket,
  addTicketReply: tickets.addTicketReply,
  getDashboard: dashboard.getDashboard,
} satisfies Record<string, FunctionContract>;

export type Contracts = typeof contracts;
export type FunctionName = keyof Contracts;
