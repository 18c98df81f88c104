import * as domains from '../../../common/contracts/domains.ts';
import { implement } from '../../rpc/registry.ts';
import { searchDomains } from './searchService.ts';

export const handlers = [
  implement(domains.searchDomains, (input, ctx) => searchDomains(ctx, input)),
];
