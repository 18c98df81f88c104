import { resolve } from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { importBoundaries } from './importBoundaries.js';

const src = resolve(import.meta.dirname, '..', '..', 'src');
const linter = new Linter({ configType: 'flat' });
const config = [{
  files: ['**/*.ts'],
  plugins: { portal: { rules: { 'import-boundaries': importBoundaries } } },
  rules: { 'portal/import-boundaries': 'error' as const },
}];

/** The messages the rule gives for one import line in a file at `file` (relative to src). */
function lint(file: string, importLine: string): string[] {
  return linter.verify(importLine, config, { filename: resolve(src, file) }).map((m) => m.message);
}

describe('import boundaries', () => {
  it('keeps common free of server and web code', () => {
    expect(lint('common/contracts/x.ts', "import { a } from '../../server/db/connection.ts';")).toHaveLength(1);
    expect(lint('common/x.ts', "import { a } from '../web/api/client.ts';")).toHaveLength(1);
    expect(lint('common/contracts/x.ts', "import { a } from '../protocol.ts';")).toEqual([]);
  });

  it('keeps server code out of the browser', () => {
    expect(lint('web/pages/x.ts', "import { a } from '../../server/rpc/errors.ts';")).toHaveLength(1);
    expect(lint('web/pages/x.ts', "import { a } from '../../common/protocol.ts';")).toEqual([]);
  });

  it('refuses one business area reaching into another, but not into platform modules or itself', () => {
    expect(lint('server/features/tickets/policy.ts', "import { a } from '../accounts/policy.ts';")[0])
      .toContain('The tickets area must not import the accounts area');
    expect(lint('server/features/tickets/policy.ts', "export * from '../accounts/repository.ts';")).toHaveLength(1);
    expect(lint('server/features/tickets/policy.ts', "import { a } from './repository.ts';")).toEqual([]);
    expect(lint('server/features/tickets/policy.ts', "import { a } from '../../access/membership.ts';")).toEqual([]);
    expect(lint('server/features/functions.ts', "import { a } from './tickets/functions.ts';")).toEqual([]);
  });

  it('lets one area use another only through its public face, index.ts', () => {
    expect(lint('server/features/admin/orders/service.ts', "import { a } from '../../domains/index.ts';")).toEqual([]);
    expect(lint('server/features/admin/orders/service.ts', "import { a } from '../../domains/orders/repository.ts';")[0])
      .toContain('import its public face, features/domains/index.ts');
    // A capability folder's own index.ts is not the area's face.
    expect(lint('server/features/admin/orders/service.ts', "import { a } from '../../domains/orders/index.ts';")).toHaveLength(1);
    expect(lint('server/features/admin/orders/writes.ts', "import { a } from '../audit/service.ts';")).toEqual([]);
    expect(lint('server/features/domains/orders/service.ts', "import { a } from '../pricing/tldPrices.ts';")).toEqual([]);
  });

  it('keeps the db and jobs layers free of business areas', () => {
    expect(lint('server/jobs/workers.ts', "import { a } from '../features/tickets/service.ts';")).toHaveLength(1);
    expect(lint('server/db/x.ts', "import { a } from '../features/accounts/repository.ts';")).toHaveLength(1);
    expect(lint('server/jobs/workers.ts', "import { a } from '../integrations/mail/mailer.ts';")).toEqual([]);
  });
});
