/** The nameserver editor holds one per line: each trimmed, blank lines dropped. */
export function parseNameserverLines(text: string): string[] {
  return text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
}

/** NS1, NS2, ... as the spec labels them. */
export const nameserverLabel = (index: number) => `NS${index + 1}`;
