import type { Rule } from 'eslint';

export declare const tableOwnership: Rule.RuleModule;
export declare const strictTableOwnership: Rule.RuleModule;
export declare function ownerOf(file: string): string | null;
