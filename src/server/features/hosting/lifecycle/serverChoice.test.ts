import { describe, expect, it } from 'vitest';
import { chooseServer, type ServerLoad } from './serverChoice.ts';

const server = (name: string, accounts: number, maxAccounts: number | null): ServerLoad => ({ id: `id-${name}`, name, accounts, maxAccounts });

describe('chooseServer', () => {
  const servers = [server('alpha', 3, 10), server('beta', 9, 10), server('gamma', 10, 10), server('delta', 0, null)];

  it("'fill' packs the fullest server that still has room", () => {
    expect(chooseServer(servers, 'fill')?.name).toBe('beta');
  });

  it("'spread' takes the emptiest", () => {
    expect(chooseServer(servers, 'spread')?.name).toBe('delta');
  });

  it('never picks a full server, and answers null when every server is full', () => {
    expect(chooseServer([server('gamma', 10, 10)], 'fill')).toBeNull();
    expect(chooseServer([server('gamma', 12, 10), server('zeta', 1, 1)], 'spread')).toBeNull();
    expect(chooseServer([], 'spread')).toBeNull();
  });

  it('breaks ties by name, so every run chooses the same', () => {
    expect(chooseServer([server('b', 2, null), server('a', 2, null)], 'fill')?.name).toBe('a');
    expect(chooseServer([server('b', 2, null), server('a', 2, null)], 'spread')?.name).toBe('a');
  });
});
