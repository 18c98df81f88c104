import { EVENTS_PAGE_SIZE } from '../../../../common/adminEventsTexts.ts';
import { useFilteredPages } from '../../../api/hooks.ts';

export interface EventFilters {
  type: string;
  severity: string;
  status: string;
  accountId: string;
  dateFrom: string;
  dateTo: string;
}

export const NO_EVENT_FILTERS: EventFilters = { type: '', severity: '', status: '', accountId: '', dateFrom: '', dateTo: '' };

export const useEventPages = (filters: EventFilters) => useFilteredPages('listEvents', EVENTS_PAGE_SIZE, filters);
