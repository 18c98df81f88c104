import type { z } from 'zod';
import type { FunctionContract } from '../../common/protocol.ts';
import type { SignedInContext } from '../rpc/context.ts';

/**
 * A kind of live topic and who may subscribe to it. A topic follows the function that reads
 * the same data: its access level, its input rules and its policy check decide, so a stream
 * answers exactly as that function would (NOT_FOUND where it hides existence, and so on).
 */
export interface LiveTopicDefinition<C extends FunctionContract = FunctionContract> {
  /** Segments of the topic; `:name` is a value, e.g. 'ticket/:ticketId' or 'admin/events'. */
  pattern: string;
  readsLike: C;
  /** The reading function's input, from the topic's values. */
  input(values: Record<string, string>): z.input<C['input']>;
  /** The reading function's policy check; throws its FunctionError when the caller may not read. */
  authorize(input: z.output<C['input']>, ctx: SignedInContext): Promise<unknown>;
}

export function defineLiveTopic<C extends FunctionContract>(definition: LiveTopicDefinition<C>): LiveTopicDefinition {
  return definition as unknown as LiveTopicDefinition;
}

export interface MatchedTopic {
  definition: LiveTopicDefinition;
  values: Record<string, string>;
}

/** The definition whose pattern the topic fits, with its values; null for an unknown topic. */
export function matchTopic(definitions: readonly LiveTopicDefinition[], topic: string): MatchedTopic | null {
  const segments = topic.split('/');
  for (const definition of definitions) {
    const pattern = definition.pattern.split('/');
    if (pattern.length !== segments.length) continue;
    const values: Record<string, string> = {};
    const fits = pattern.every((part, i) => {
      if (!part.startsWith(':')) return part === segments[i];
      values[part.slice(1)] = segments[i];
      return segments[i] !== '';
    });
    if (fits) return { definition, values };
  }
  return null;
}
