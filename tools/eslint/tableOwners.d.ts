export declare const tableOwners: Record<string, string>;
