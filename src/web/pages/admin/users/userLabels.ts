import type { GlobalRole } from '../../../../common/constants.ts';

export const GLOBAL_ROLE_LABELS: Record<GlobalRole, string> = { user: 'User', super_admin: 'Super Admin' };
export const GLOBAL_ROLE_OPTIONS = (Object.keys(GLOBAL_ROLE_LABELS) as GlobalRole[]).map((value) => ({ value, label: GLOBAL_ROLE_LABELS[value] }));
