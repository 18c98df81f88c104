export declare const tableOwners: Record<string, string>;
export declare const pendingReads: Record<string, string[]>;
