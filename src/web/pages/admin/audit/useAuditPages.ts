import { AUDIT_PAGE_SIZE } from '../../../../common/adminAuditTexts.ts';
import { useFilteredPages } from '../../../api/hooks.ts';

export interface AuditFilters {
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  dateFrom: string;
  dateTo: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { actorEmail: '', action: '', targetType: '', targetId: '', dateFrom: '', dateTo: '' };

export const useAuditPages = (filters: AuditFilters) => useFilteredPages('listAuditLog', AUDIT_PAGE_SIZE, filters);
